import { LANGUAGE_CODES, type LanguageCode } from '@shared/languages';
import type { ResourceLanguage } from 'i18next';
import type { Namespace } from './languages';

/** The id of the <script type="application/json"> in which the server sends the page's translations. */
export const SSR_STATE_ELEMENT_ID = 'ssr-state';

/** What a server-rendered marketing page carries for its hydration: its language and translations. */
export interface SsrState {
  lng: LanguageCode;
  resources: Partial<Record<Namespace, ResourceLanguage>>;
}

export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as SsrState;
    return LANGUAGE_CODES.includes(state.lng) && typeof state.resources === 'object' ? state : null;
  } catch {
    return null;
  }
}
