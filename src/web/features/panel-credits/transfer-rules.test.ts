import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { rita } from './test-credits-api';
import { firstIssue, isSubmitDisabled, parseAmount, transferFormSchema } from './transfer-rules';

/** What the form's toast would name for these values: the form's schema through its resolver. */
async function transferIssue(
  values: { resellerId?: string; type?: 'add' | 'remove'; credits: string },
  ownCredits: number | null = null,
) {
  const resolve = zodResolver(transferFormSchema({ resellers: [rita], ownCredits }));
  const { errors } = await resolve({ resellerId: '7', type: 'add', ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return firstIssue(errors);
}

describe('transfer rules', () => {
  it("reads amounts, including Arabic digits, and checks them in SPEC's order", async () => {
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('١٢')).toBe(12);
    expect(parseAmount('abc')).toBeNaN();
    expect(isSubmitDisabled('')).toBe(true);
    expect(isSubmitDisabled('0')).toBe(true);
    expect(isSubmitDisabled('-3')).toBe(true);
    expect(isSubmitDisabled('abc')).toBe(false);
    expect(await transferIssue({ resellerId: '', credits: '5' })).toBe('missing');
    expect(await transferIssue({ resellerId: '', credits: 'abc' })).toBe('missing');
    expect(await transferIssue({ credits: '' })).toBe('missing');
    expect(await transferIssue({ credits: '1.5' })).toBe('notANumber');
    expect(await transferIssue({ credits: 'abc' })).toBe('notANumber');
    expect(await transferIssue({ credits: '0' })).toBe('tooSmall');
    expect(await transferIssue({ credits: '١٢' })).toBeNull();
    expect(await transferIssue({ type: 'remove', credits: '11' })).toBe('exceedsReseller');
    expect(await transferIssue({ type: 'remove', credits: '10' })).toBeNull();
    expect(await transferIssue({ credits: '4' }, 3)).toBe('exceedsOwn');
    // The request's own cap (shared schema): said the way the server says it.
    expect(await transferIssue({ credits: '2000000' })).toBe('notANumber');
  });
});
