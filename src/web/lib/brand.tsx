import { BRAND_STATE_ELEMENT_ID, UNCONFIGURED_BRAND, type Brand } from '@shared/brand';
import { createContext, useContext } from 'react';

/** The brand the server wrote into the page (src/server/plugins/web.ts), read once at start-up. */
export function readBrandState(): Brand {
  const text = document.getElementById(BRAND_STATE_ELEMENT_ID)?.textContent;
  if (!text) return UNCONFIGURED_BRAND;
  try {
    // The server validated it (config.ts); parsing it again here would ship zod to every page.
    return { ...UNCONFIGURED_BRAND, ...(JSON.parse(text) as Partial<Brand>) };
  } catch {
    return UNCONFIGURED_BRAND;
  }
}

const BrandContext = createContext<Brand>(UNCONFIGURED_BRAND);

/** Around each app's root: the server renderer, the marketing client and the main app. */
export const BrandProvider = BrandContext.Provider;

/** The operator's name, contacts and prices; a contact that is null is not shown. */
export function useBrand(): Brand {
  return useContext(BrandContext);
}
