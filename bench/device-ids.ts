/**
 * Device i's MAC and key, computed the same way as the seed's SQL (seed.ts) and as the wrk scripts'
 * Lua (run.ts), so the load can use valid pairs.
 */
export function benchMac(i: number): string {
  const bytes = [
    2,
    Math.floor(i / 2 ** 32) & 255,
    (i >>> 24) & 255,
    (i >>> 16) & 255,
    (i >>> 8) & 255,
    i & 255,
  ];
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}
export function benchKey(i: number): string {
  return `K${String(i).padStart(9, '0')}`;
}

/** The device index whose MAC benchMac made, or undefined for a MAC it cannot have made. */
export function benchIndex(mac: string): number | undefined {
  const bytes = mac.split(':').map((part) => Number.parseInt(part, 16));
  if (bytes.length !== 6 || bytes[0] !== 2) return undefined;
  const i =
    bytes[1]! * 2 ** 32 + ((bytes[2]! << 24) >>> 0) + (bytes[3]! << 16) + (bytes[4]! << 8) + bytes[5]!;
  return i >= 1 ? i : undefined;
}
