import { zodResolver } from '@hookform/resolvers/zod';
import type { ResellerView } from '@shared/api/reseller';
import { useForm, useWatch } from 'react-hook-form';
import { formErrorMap } from '@web/lib/form-errors';
import { issueOf, liveIssue, parseAmount, transferFormSchema } from './transfer-rules';

/**
 * The transfer form and what it shows as it is filled: the chosen reseller, the operation, the
 * typed amount and the amount's problem. `ownCredits` is the sender's balance, null for admins.
 */
export function useTransferForm({
  resellers,
  ownCredits,
}: {
  resellers: readonly ResellerView[];
  ownCredits: number | null;
}) {
  const form = useForm({
    resolver: zodResolver(transferFormSchema({ resellers, ownCredits }), { error: formErrorMap }),
    defaultValues: { resellerId: '', type: 'add' as const, credits: '' },
  });
  const [resellerId, type, amountText] = useWatch({
    control: form.control,
    name: ['resellerId', 'type', 'credits'],
  });
  const selected = resellers.find((reseller) => String(reseller.id) === resellerId);
  // Going over a balance is said while typing, from the values on screen; the other problems once
  // the form is sent (an over-balance error from that send may be stale by now).
  const live = liveIssue({
    resellerCredits: selected?.credits,
    amount: parseAmount(amountText),
    type,
    ownCredits,
  });
  const sent = issueOf(form.formState.errors.credits);
  const amountIssue = live ?? (sent === 'exceedsReseller' || sent === 'exceedsOwn' ? null : sent);
  return { form, selected, type, amountText, amountIssue };
}
