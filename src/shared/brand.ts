import { DEFAULT_PRICES, type Prices } from './prices';

/**
 * The operator's brand (white label): its name, how viewers reach it and what it charges. Set by the
 * BRAND_* and price variables (src/server/config.ts), sent to the browser by the server in the page
 * (`brand-state`), never compiled in. A contact left unset is null (an empty address list) and every
 * page hides it rather than showing a link that leads nowhere.
 */
export interface Brand {
  name: string;
  /** Where the full name does not fit (the phone header, the collapsed panel sidebar). */
  shortName: string;
  supportEmail: string | null;
  /** As people read it: "+33 1 23 45 67 89". */
  phone: string | null;
  /** Digits only, country code first, as WhatsApp's chat link (wa.me) expects. */
  whatsapp: string | null;
  /** Without the @. */
  telegram: string | null;
  /** Postal address, one entry a line; empty when unset. */
  address: string[];
  appStoreUrl: string | null;
  playStoreUrl: string | null;
  prices: Prices;
}

/** What development and tests show while a BRAND_* variable is unset: examples, plainly so. */
export const EXAMPLE_BRAND: Brand = {
  name: 'StreamBox Player',
  shortName: 'StreamBox',
  supportEmail: 'support@example.com',
  phone: '+1 555 010 2030',
  whatsapp: '15550102030',
  telegram: 'example_support',
  address: ['1 Example Street', 'Example City'],
  appStoreUrl: 'https://apps.apple.com/app/example-player/id0000000000',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=com.example.player',
  prices: DEFAULT_PRICES,
};

/**
 * A production server with no BRAND_* variable set, and a page the server did not send (a static
 * preview): the product's own name, the documented prices and no contact at all, so nothing made up
 * is ever shown as the operator's.
 */
export const UNCONFIGURED_BRAND: Brand = {
  name: 'StreamBox Player',
  shortName: 'StreamBox',
  supportEmail: null,
  phone: null,
  whatsapp: null,
  telegram: null,
  address: [],
  appStoreUrl: null,
  playStoreUrl: null,
  prices: DEFAULT_PRICES,
};

export function whatsappLink(brand: Brand, text?: string): string | null {
  if (!brand.whatsapp) return null;
  return `https://wa.me/${brand.whatsapp}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

export function telegramLink(brand: Brand): string | null {
  return brand.telegram ? `https://t.me/${brand.telegram}` : null;
}

/** tel: takes the digits and a leading +, nothing else. */
export function phoneLink(brand: Brand): string | null {
  if (!brand.phone) return null;
  return `tel:${brand.phone.replace(/[^\d+]/g, '')}`;
}

/** The id of the <script type="application/json"> in which the server sends the brand to the browser. */
export const BRAND_STATE_ELEMENT_ID = 'brand-state';
