import { benchMac } from './device-ids';

/**
 * Scenario (b)'s device-list mix, shared by bench/run.ts (over HTTP) and bench/list-totals.ts
 * (through the repository), so both measure the same pages: reseller index 1's list, five searches
 * by four plan filters, pages 1-3 of 25.
 */
export const LIST_RESELLER_INDEX = 1;
export const LIST_PAGES = [1, 2, 3] as const;
export const LIST_PER_PAGE = 25;
export const LIST_STATUSES = ['', 'year', 'lifetime', 'free'] as const;

/** A device index that exists, is owned by reseller r (0-based), and is not banned (seed.ts). */
export function ownedDevice(resellers: number, r: number, k: number): number {
  let i = r + resellers * k;
  while (i % 10 === 0 || i % 97 === 0 || i === 0) i += resellers;
  return i;
}

/** The searches: none, a name, a MAC's prefix, the digits ending one of the reseller's MACs, a phone. */
export function listSearches(resellers: number): string[] {
  const ownMacEnd = benchMac(ownedDevice(resellers, LIST_RESELLER_INDEX, 3))
    .slice(9)
    .replace(/:/g, '');
  return ['', 'Customer 1', '02:00', ownMacEnd, '+1666'];
}
