import { z } from 'zod';

/** The message key of a field that holds a character refused below (translated by the forms). */
export const INVALID_CHARACTERS = 'invalid-characters';

/**
 * Characters that make text stored for one person do something else where it is shown or written:
 * line breaks (CR, LF, NEL, U+2028/9) and NUL and the other C0 controls (tab aside) split or cut the
 * lines of M3U files, logs and CSV exports; bidirectional overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069) make a name or an address display as something it is not.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000A-\u001F\u007F\u0085\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/**
 * Addresses and credentials also refuse the left-to-right and right-to-left marks (U+200E, U+200F):
 * they belong in prose that mixes scripts (an Arabic playlist name with an English word), never in a
 * URL, a user name or a password, where they are invisible and change what is sent.
 */
const DIRECTION_MARKS = /[\u200E\u200F]/;

/** True when the text holds a refused character; `token`: an address or a credential (no direction marks). */
export function hasInvalidCharacters(value: string, options: { token?: boolean } = {}): boolean {
  return CONTROL_CHARACTERS.test(value) || (options.token === true && DIRECTION_MARKS.test(value));
}

/**
 * A string refused with `invalid-characters` when it holds one of the characters above. The check runs
 * before any trim, so a line break at either end is refused too rather than quietly dropped.
 */
export function plainText(options: { token?: boolean } = {}) {
  return z.string().refine((value) => !hasInvalidCharacters(value, options), INVALID_CHARACTERS);
}
