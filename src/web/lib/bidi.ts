/**
 * Keeps left-to-right technical text (a MAC address, a URL, an e-mail) in one piece when it is
 * interpolated into a sentence that may be right-to-left: without it, Arabic text turns
 * "96:FD:23:3D:32:CA" into "FD:23:3D:32:CA:96". Uses the Unicode isolates LRI ... PDI.
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * The same for text a person typed (a client's or a playlist's name) that may be in either script:
 * FSI ... PDI takes its direction from its first letter, so "Room 1 (kids)" keeps its parenthesis
 * in an Arabic sentence and an Arabic name keeps its order in an English one.
 */
export function isolateText(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * For a block that shows a value in its own direction (dir="ltr" for an e-mail or a host, dir="auto"
 * for a name): its own "start" is its left edge, so filling the line it would sit at the left of an
 * Arabic column. As wide as its text instead, the box is placed by its parent, at the parent's start,
 * and an ellipsis still cuts the value at its own end.
 */
export const alignWithSurroundingText = 'w-fit';
