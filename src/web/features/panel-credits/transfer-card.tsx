import type { ResellerView } from '@shared/api/reseller';
import type { PanelUser } from '@shared/api/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRightLeft, Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { toast } from '@web/components/ui/toast';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { formatNumber } from '@web/lib/format';
import { sessionQueryKey, updateSessionCredits } from '@web/lib/panel-session';
import { resellersQuery, resellersQueryKey } from '@web/lib/reseller-list';
import { cn } from '@web/lib/utils';
import { creditAsAdmin, creditAsReseller, transactionsQueryKey, type TransferType } from './api';
import {
  isSubmitDisabled,
  liveIssue,
  parseAmount,
  transferIssue,
  type TransferIssue,
} from './transfer-rules';

interface PendingTransfer {
  reseller: ResellerView;
  credits: number;
  type: TransferType;
}

/**
 * Choose a reseller, add or remove credits (remove is for admins only), confirm, done (docs/product.md
 * sections 4 and 5). A reseller's transfer comes out of its own balance, shown in the header.
 */
export function TransferCard({ user }: { user: PanelUser }) {
  const { t, i18n } = useTranslation('panel-network');
  const lng = i18n.language;
  const isAdmin = user.role === 'admin';
  const queryClient = useQueryClient();
  const resellers = useQuery(resellersQuery());
  const [resellerId, setResellerId] = useState('');
  const [type, setType] = useState<TransferType>('add');
  const [amountText, setAmountText] = useState('');
  const [submitted, setSubmitted] = useState<TransferIssue | null>(null);
  const [pending, setPending] = useState<PendingTransfer | null>(null);
  const ids = useId();

  useEffect(() => {
    if (resellers.isLoadingError) toast({ variant: 'destructive', title: t('resellers.loadFailed') });
  }, [resellers.isLoadingError, t]);

  const options = resellers.data ?? [];
  const selected = options.find((reseller) => String(reseller.id) === resellerId);
  const ownCredits = isAdmin ? null : user.credits;
  const amount = parseAmount(amountText);
  const inline = liveIssue({ resellerCredits: selected?.credits, amount, type, ownCredits });
  const count = (value: number) => t('credits.count', { count: value, formatted: formatNumber(value, lng) });

  const transfer = useMutation({
    mutationFn: ({ reseller, credits, type: kind }: PendingTransfer) =>
      isAdmin
        ? creditAsAdmin({ userId: user.id, resellerId: reseller.id, credits, type: kind })
        : creditAsReseller({ userId: user.id, resellerId: reseller.id, credits }),
    onSuccess: async (result, { reseller, type: kind }) => {
      toast({
        variant: 'success',
        title:
          kind === 'remove' ? t('credits.removed') : isAdmin ? t('credits.added') : t('credits.transferred'),
        description: t('credits.newBalance', { name: reseller.name, value: count(result.resellerCredits) }),
      });
      if (result.senderCredits !== null) updateSessionCredits(queryClient, result.senderCredits);
      setPending(null);
      setAmountText('');
      setSubmitted(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resellersQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
    onError: (error) => {
      setPending(null);
      if (errorCodeOf(error) === 'exceeds_reseller_credits') {
        toast({ variant: 'destructive', title: t('credits.errors.exceedsReseller') });
        void queryClient.invalidateQueries({ queryKey: resellersQueryKey });
        return;
      }
      toast({
        variant: 'destructive',
        title: isAdmin ? t('credits.errors.transferFailed') : t('credits.errors.creditFailed'),
        description: translateError(error),
      });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const issue = transferIssue({ resellerCredits: selected?.credits, amountText, type, ownCredits });
    setSubmitted(issue);
    if (issue) {
      toast({ variant: 'destructive', title: t(`credits.errors.${issue}`) });
      return;
    }
    if (selected) setPending({ reseller: selected, credits: amount, type });
  }

  const missingReseller = submitted === 'missing' && !selected;
  const amountProblem =
    inline ??
    (submitted === 'notANumber' || submitted === 'tooSmall' || (submitted === 'missing' && !amountText.trim())
      ? submitted
      : null);
  const amountMessage =
    inline === 'exceedsReseller'
      ? t('credits.errors.exceedsResellerInline')
      : inline === 'exceedsOwn'
        ? t('credits.errors.exceedsOwnInline', { value: count(user.credits) })
        : amountProblem
          ? t(`credits.errors.${amountProblem}`)
          : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('credits.form.title')}</CardTitle>
        <CardDescription>
          {isAdmin ? t('credits.form.descriptionAdmin') : t('credits.form.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-reseller`}>{t('credits.form.reseller')}</Label>
            <Select
              id={`${ids}-reseller`}
              value={resellerId}
              onChange={(event) => setResellerId(event.target.value)}
              aria-invalid={missingReseller}
              aria-describedby={selected ? `${ids}-balance` : undefined}
              disabled={resellers.isPending}
            >
              <option value="">
                {resellers.isPending ? t('common.loading') : t('credits.form.chooseReseller')}
              </option>
              {options.map((reseller) => (
                <option key={reseller.id} value={reseller.id}>
                  {reseller.banned
                    ? t('credits.form.optionBanned', { name: reseller.name, email: reseller.email })
                    : t('credits.form.option', { name: reseller.name, email: reseller.email })}
                </option>
              ))}
            </Select>
            {selected ? (
              <p id={`${ids}-balance`} className="text-sm text-muted-foreground">
                {t('credits.form.currentBalance', { value: count(selected.credits) })}
              </p>
            ) : !resellers.isPending && options.length === 0 && !resellers.isLoadingError ? (
              <p className="text-sm text-muted-foreground">{t('resellers.empty')}</p>
            ) : null}
          </div>

          {isAdmin ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t('credits.form.operation')}</legend>
              <div className="grid grid-cols-2 gap-2">
                {(['add', 'remove'] as const).map((kind) => (
                  <label
                    key={kind}
                    className={cn(
                      'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      type === kind
                        ? kind === 'add'
                          ? 'border-primary bg-primary/10 text-primary'
                          : 'border-destructive bg-destructive/10 text-destructive dark:text-red-300'
                        : 'border-input hover:bg-accent',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${ids}-type`}
                      value={kind}
                      checked={type === kind}
                      onChange={() => setType(kind)}
                      className="sr-only"
                    />
                    {kind === 'add' ? (
                      <Plus aria-hidden="true" className="size-4" />
                    ) : (
                      <Minus aria-hidden="true" className="size-4" />
                    )}
                    {kind === 'add' ? t('credits.form.add') : t('credits.form.remove')}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          <div className="grid gap-2">
            <Label htmlFor={`${ids}-amount`}>{t('credits.form.amount')}</Label>
            <Input
              id={`${ids}-amount`}
              inputMode="numeric"
              autoComplete="off"
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
                if (submitted !== 'missing') setSubmitted(null);
              }}
              placeholder="0"
              aria-invalid={amountMessage !== null}
              aria-describedby={
                [amountMessage ? `${ids}-amount-error` : null, isAdmin ? null : `${ids}-amount-hint`]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
            {isAdmin ? null : (
              <p id={`${ids}-amount-hint`} className="text-sm text-muted-foreground">
                {t('credits.form.ownBalance', { value: count(user.credits) })}
              </p>
            )}
            {amountMessage ? (
              <p id={`${ids}-amount-error`} className="text-sm font-medium text-destructive">
                {amountMessage}
              </p>
            ) : null}
          </div>

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

      <Dialog
        open={pending !== null}
        onOpenChange={(open) => (open || transfer.isPending ? undefined : setPending(null))}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('credits.confirm.title')}</DialogTitle>
            <DialogDescription>
              {pending
                ? t(
                    `credits.confirm.${pending.type === 'remove' ? 'remove' : isAdmin ? 'add' : 'transfer'}`,
                    {
                      amount: count(pending.credits),
                      name: pending.reseller.name,
                    },
                  )
                : null}
            </DialogDescription>
          </DialogHeader>
          {pending ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg border bg-muted/40 p-4 text-sm">
              <dt className="text-muted-foreground">
                {t('credits.confirm.resellerBalance', { name: pending.reseller.name })}
              </dt>
              <dd className="font-semibold tabular-nums">
                {t('credits.confirm.change', {
                  from: formatNumber(pending.reseller.credits, lng),
                  to: formatNumber(
                    pending.reseller.credits +
                      (pending.type === 'remove' ? -pending.credits : pending.credits),
                    lng,
                  ),
                })}
              </dd>
              {isAdmin ? null : (
                <>
                  <dt className="text-muted-foreground">{t('credits.confirm.yourBalance')}</dt>
                  <dd className="font-semibold tabular-nums">
                    {t('credits.confirm.change', {
                      from: formatNumber(user.credits, lng),
                      to: formatNumber(user.credits - pending.credits, lng),
                    })}
                  </dd>
                </>
              )}
            </dl>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setPending(null)} disabled={transfer.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              variant={pending?.type === 'remove' ? 'destructive' : 'default'}
              onClick={() => pending && transfer.mutate(pending)}
              disabled={transfer.isPending}
            >
              {transfer.isPending ? t('credits.confirm.processing') : t('credits.confirm.submit')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
