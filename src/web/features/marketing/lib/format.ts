import { toSupportedLanguage, type LanguageCode } from '@shared/languages';

/**
 * The locale numbers are written in. Arabic keeps Western digits (ar-u-nu-latn), as most Arabic
 * sites selling technical products do, so prices, MAC addresses and phone numbers read alike; the
 * separators and signs still follow each language.
 */
const NUMBER_LOCALES: Record<LanguageCode, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  ar: 'ar-u-nu-latn',
};

export function numberLocale(lng: string | undefined): string {
  return NUMBER_LOCALES[toSupportedLanguage(lng)];
}

export function formatNumber(
  lng: string | undefined,
  value: number,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(numberLocale(lng), options).format(value);
}

/** 0.0625 -> "6.25%" (en), "6,25 %" (fr). */
export function formatPercent(lng: string | undefined, fraction: number): string {
  return formatNumber(lng, fraction, { style: 'percent', maximumFractionDigits: 2 });
}

/** Two-digit clock part: 5 -> "05". */
export function formatClockPart(lng: string | undefined, value: number): string {
  return formatNumber(lng, value, { minimumIntegerDigits: 2, useGrouping: false });
}

/** A price as the price lists write it: whole amounts without decimals (5), others with two (7.50). */
export function formatPrice(lng: string | undefined, value: number): string {
  return formatAmount(lng, value, Number.isInteger(value) ? 0 : 2);
}

/** An amount in US dollars with the given decimals, without the currency sign (the copy places it). */
export function formatAmount(lng: string | undefined, value: number, decimals = 0): string {
  return formatNumber(lng, value, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
