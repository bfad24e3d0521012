import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { useCreditCount } from './credit-count';
import type { TransferIssue } from './transfer-rules';

/**
 * The amount to move, with the sender's own balance below it for resellers (`ownCredits`, null for
 * admins). Going over a balance is said inline, in the words of a field message.
 */
export function AmountField({
  issue,
  ownCredits,
  registration,
}: {
  issue: TransferIssue | null;
  ownCredits: number | null;
  registration: UseFormRegisterReturn<'credits'>;
}) {
  const { t } = useTranslation('panel-network');
  const count = useCreditCount();
  const id = useId();
  const message =
    issue === 'exceedsReseller'
      ? t('credits.errors.exceedsResellerInline')
      : issue === 'exceedsOwn'
        ? t('credits.errors.exceedsOwnInline', { value: count(ownCredits ?? 0) })
        : issue
          ? t(`credits.errors.${issue}`)
          : undefined;
  return (
    <FormField id={id} label={t('credits.form.amount')} error={message}>
      {(field) => (
        <>
          <Input
            {...field}
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            aria-describedby={
              [field['aria-describedby'], ownCredits === null ? null : `${id}-hint`]
                .filter(Boolean)
                .join(' ') || undefined
            }
            {...registration}
          />
          {ownCredits === null ? null : (
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {t('credits.form.ownBalance', { value: count(ownCredits) })}
            </p>
          )}
        </>
      )}
    </FormField>
  );
}
