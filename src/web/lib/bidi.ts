/**
 * Keeps left-to-right technical text (a MAC address, a URL, an e-mail) in one piece when it is
 * interpolated into a sentence that may be right-to-left: without it, Arabic text turns
 * "96:FD:23:3D:32:CA" into "FD:23:3D:32:CA:96". Uses the Unicode isolates LRI ... PDI.
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
