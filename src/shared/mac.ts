/**
 * MAC addresses: one formatter for every form and one normal form for storage
 * ("00:1A:2B:3C:4D:5E": uppercase, colon-separated).
 */
const HEX_DIGITS = 12;
const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/;

/** Live formatting while typing: hex only, uppercase, pairs joined by colons, 12 digits at most. */
export function formatMacInput(raw: string): string {
  const hex = raw
    .replace(/[^0-9a-fA-F]/g, '')
    .toUpperCase()
    .slice(0, HEX_DIGITS);
  return hex.match(/.{1,2}/g)?.join(':') ?? '';
}

/** Six hex pairs separated by ':' or '-', any case. */
export function isValidMac(value: string): boolean {
  return MAC_PATTERN.test(value.trim());
}

/** The stored form, or null when the value is not a MAC address. */
export function normalizeMac(value: string): string | null {
  const trimmed = value.trim();
  if (!MAC_PATTERN.test(trimmed)) return null;
  return trimmed.replace(/-/g, ':').toUpperCase();
}

const BARE_MAC_PATTERN = /^[0-9A-Fa-f]{12}$/;

/**
 * Lists of MACs (bulk activation's CSV, scripts) also write them without separators
 * ("001a2b3c4d5e"): accepted there, in the stored form. Sign-in forms keep the stricter isValidMac.
 */
export function normalizeListedMac(value: string): string | null {
  const trimmed = value.trim();
  if (!BARE_MAC_PATTERN.test(trimmed)) return normalizeMac(trimmed);
  return formatMacInput(trimmed);
}
