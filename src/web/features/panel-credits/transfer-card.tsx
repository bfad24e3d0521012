import type { PanelUser } from '@shared/api/auth';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toast';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { resellersQuery } from '@web/lib/reseller-list';
import { AmountField } from './amount-field';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { useCreditTransfer } from './api';
import { ConfirmTransferDialog, type PendingTransfer } from './confirm-transfer-dialog';
import { useCreditCount } from './credit-count';
import { OperationChoice } from './operation-choice';
import { ResellerSelect } from './reseller-select';
import { firstIssue, isSubmitDisabled } from './transfer-rules';
import { useTransferForm } from './use-transfer-form';

/**
 * Choose a reseller, add or remove credits (remove is for admins only), confirm, done (docs/product.md
 * sections 4 and 5). A reseller's transfer comes out of its own balance, shown in the header.
 */
export function TransferCard({ user }: { user: PanelUser }) {
  const { t } = useTranslation('panel-network');
  const count = useCreditCount();
  const isAdmin = user.role === 'admin';
  const ownCredits = isAdmin ? null : user.credits;
  const resellers = useQuery(resellersQuery());
  const options = resellers.data ?? [];
  const transfer = useCreditTransfer(user);
  const [pending, setPending] = useState<PendingTransfer | null>(null);
  const { form, selected, type, amountText, amountIssue } = useTransferForm({
    resellers: options,
    ownCredits,
  });

  useEffect(() => {
    if (resellers.isLoadingError) toast({ variant: 'destructive', title: t('resellers.loadFailed') });
  }, [resellers.isLoadingError, t]);

  const onSubmit = form.handleSubmit(
    (values) => {
      const reseller = options.find((option) => option.id === values.resellerId);
      if (reseller) {
        setPending({
          reseller,
          credits: values.credits,
          type: values.type,
          idempotencyKey: newIdempotencyKey(),
        });
      }
    },
    (refused) => {
      const issue = firstIssue(refused);
      if (issue) toast({ variant: 'destructive', title: t(`credits.errors.${issue}`) });
    },
  );

  function confirm({ reseller, credits, type: kind, idempotencyKey }: PendingTransfer) {
    transfer.mutate(
      { resellerId: reseller.id, credits, type: kind, idempotencyKey },
      {
        onSuccess: (result) => {
          toast({
            variant: 'success',
            title:
              kind === 'remove'
                ? t('credits.removed')
                : isAdmin
                  ? t('credits.added')
                  : t('credits.transferred'),
            description: t('credits.newBalance', {
              name: reseller.name,
              value: count(result.resellerCredits),
            }),
          });
          setPending(null);
          form.reset({ ...form.getValues(), credits: '' });
        },
        onError: (error) => {
          setPending(null);
          if (errorCodeOf(error) === 'exceeds_reseller_credits') {
            toast({ variant: 'destructive', title: t('credits.errors.exceedsReseller') });
            return;
          }
          toast({
            variant: 'destructive',
            title: isAdmin ? t('credits.errors.transferFailed') : t('credits.errors.creditFailed'),
            description: translateError(error),
          });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('credits.form.title')}</CardTitle>
        <CardDescription>
          {isAdmin ? t('credits.form.descriptionAdmin') : t('credits.form.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
          <ResellerSelect
            resellers={resellers}
            selected={selected}
            invalid={form.formState.errors.resellerId !== undefined}
            registration={form.register('resellerId')}
          />
          {isAdmin ? <OperationChoice value={type} registration={form.register('type')} /> : null}
          <AmountField issue={amountIssue} ownCredits={ownCredits} registration={form.register('credits')} />
          <Button
            type="submit"
            className="justify-self-start"
            disabled={isSubmitDisabled(amountText) || transfer.isPending}
          >
            <ArrowRightLeft aria-hidden="true" />
            {type === 'remove' ? t('credits.form.submitRemove') : t('credits.form.submitAdd')}
          </Button>
        </form>
      </CardContent>
      <ConfirmTransferDialog
        pending={pending}
        ownCredits={ownCredits}
        busy={transfer.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
