import { creditAdminBodySchema } from '@shared/api/credits';
import type { ResellerView } from '@shared/api/reseller';
import { z } from 'zod';
import type { TransferType } from './api';

/** What can be wrong with a transfer, in the order docs/product.md checks it. */
export const TRANSFER_ISSUES = [
  'missing',
  'notANumber',
  'tooSmall',
  'exceedsReseller',
  'exceedsOwn',
] as const;
export type TransferIssue = (typeof TRANSFER_ISSUES)[number];

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

const request = creditAdminBodySchema.shape;
// The request's fields coerce whatever they are given; here, the chosen option and the read amount.
const resellerIdRule = request.resellerId as z.ZodType<number, string>;
const creditsRule = request.credits as z.ZodType<number, number>;

/** A field's error as react-hook-form reports it: the zod code as `type`, and the message. */
type FieldProblem = { type?: string; message?: string | undefined } | undefined;

/**
 * The transfer form: the request's own rules for the reseller, the operation and the amount, read
 * from what was chosen and typed, plus the balances the form knows. `ownCredits` is the sender's
 * balance, null for admins (unlimited). Messages of its own are TransferIssue keys.
 */
export function transferFormSchema(limits: {
  resellers: readonly ResellerView[];
  ownCredits: number | null;
}) {
  return z
    .object({
      resellerId: z.string().min(1, 'missing').pipe(resellerIdRule),
      type: request.type,
      credits: z.string().trim().min(1, 'missing').transform(parseAmount).pipe(creditsRule),
    })
    .superRefine((values, context) => {
      const issue = liveIssue({
        resellerCredits: limits.resellers.find((reseller) => reseller.id === values.resellerId)?.credits,
        amount: values.credits,
        type: values.type,
        ownCredits: limits.ownCredits,
      });
      if (issue) context.addIssue({ code: 'custom', path: ['credits'], message: issue });
    });
}

/**
 * The issue a field's error stands for. The shared amount rules carry the server's English
 * messages, so those are told apart by their zod code: below 1 is tooSmall, the rest notANumber.
 */
export function issueOf(error: FieldProblem): TransferIssue | null {
  if (!error) return null;
  const own = TRANSFER_ISSUES.find((issue) => issue === error.message);
  if (own) return own;
  return error.type === 'too_small' ? 'tooSmall' : 'notANumber';
}

/** The first problem of a refused form, in docs/product.md's order: the one the toast names. */
export function firstIssue(errors: {
  resellerId?: FieldProblem;
  credits?: FieldProblem;
}): TransferIssue | null {
  const found = [issueOf(errors.resellerId), issueOf(errors.credits)];
  return TRANSFER_ISSUES.find((issue) => found.includes(issue)) ?? null;
}
