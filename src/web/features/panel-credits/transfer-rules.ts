import type { TransferType } from './api';

/** What can be wrong with a transfer, in the order docs/product.md checks it. */
export type TransferIssue = 'missing' | 'notANumber' | 'tooSmall' | 'exceedsReseller' | 'exceedsOwn';

const EASTERN_ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Arabic keyboards type ٠-٩ (or ۰-۹): read them as 0-9. */
function westernDigits(text: string): string {
  return text.replace(EASTERN_ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) % 16));
}

/** The typed amount as a number: empty is 0, anything that is not a number is NaN. */
export function parseAmount(text: string): number {
  const trimmed = westernDigits(text.trim());
  if (trimmed === '') return 0;
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** docs/product.md: the button is disabled while the amount is 0 or less (an unreadable amount is not). */
export function isSubmitDisabled(amountText: string): boolean {
  const amount = parseAmount(amountText);
  return !Number.isNaN(amount) && amount <= 0;
}

/**
 * The first problem with a transfer, or null when it can be confirmed. `ownCredits` is the sender's
 * balance, null for admins (unlimited).
 */
export function transferIssue(input: {
  resellerCredits: number | undefined;
  amountText: string;
  type: TransferType;
  ownCredits: number | null;
}): TransferIssue | null {
  if (input.resellerCredits === undefined || input.amountText.trim() === '') return 'missing';
  const amount = parseAmount(input.amountText);
  if (!Number.isInteger(amount)) return 'notANumber';
  if (amount < 1) return 'tooSmall';
  return liveIssue({ ...input, amount });
}

/** The checks shown inline while typing: more than the reseller has (remove), or than the sender has. */
export function liveIssue(input: {
  resellerCredits: number | undefined;
  amount: number;
  type: TransferType;
  ownCredits: number | null;
}): 'exceedsReseller' | 'exceedsOwn' | null {
  if (!Number.isInteger(input.amount) || input.amount < 1) return null;
  if (input.type === 'remove' && input.resellerCredits !== undefined && input.amount > input.resellerCredits)
    return 'exceedsReseller';
  if (input.type === 'add' && input.ownCredits !== null && input.amount > input.ownCredits)
    return 'exceedsOwn';
  return null;
}
