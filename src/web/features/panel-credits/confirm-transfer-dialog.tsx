import type { ResellerView } from '@shared/api/reseller';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { formatNumber } from '@web/lib/format';
import type { TransferType } from './api';
import { useCreditCount } from './credit-count';

export interface PendingTransfer {
  reseller: ResellerView;
  credits: number;
  type: TransferType;
  /** Made when the confirmation opens (docs/architecture.md §6.10). */
  idempotencyKey: string;
}

/**
 * The last look before a transfer: what moves, and each balance before and after (the sender's own
 * only for resellers: `ownCredits` is null for admins). It stays open while the transfer runs.
 */
export function ConfirmTransferDialog({
  pending,
  ownCredits,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: PendingTransfer | null;
  ownCredits: number | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (transfer: PendingTransfer) => void;
}) {
  const { t, i18n } = useTranslation('panel-network');
  const count = useCreditCount();
  const change = (from: number, to: number) =>
    t('credits.confirm.change', {
      from: formatNumber(from, i18n.language),
      to: formatNumber(to, i18n.language),
    });
  const question = pending?.type === 'remove' ? 'remove' : ownCredits === null ? 'add' : 'transfer';
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => (open || busy ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('credits.confirm.title')}</DialogTitle>
          <DialogDescription>
            {pending
              ? t(`credits.confirm.${question}`, {
                  amount: count(pending.credits),
                  name: pending.reseller.name,
                })
              : null}
          </DialogDescription>
        </DialogHeader>
        {pending ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg border bg-muted/40 p-4 text-sm">
            <dt className="text-muted-foreground">
              {t('credits.confirm.resellerBalance', { name: pending.reseller.name })}
            </dt>
            <dd className="font-semibold tabular-nums">
              {change(
                pending.reseller.credits,
                pending.reseller.credits + (pending.type === 'remove' ? -pending.credits : pending.credits),
              )}
            </dd>
            {ownCredits === null ? null : (
              <>
                <dt className="text-muted-foreground">{t('credits.confirm.yourBalance')}</dt>
                <dd className="font-semibold tabular-nums">
                  {change(ownCredits, ownCredits - pending.credits)}
                </dd>
              </>
            )}
          </dl>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            variant={pending?.type === 'remove' ? 'destructive' : 'default'}
            onClick={() => pending && onConfirm(pending)}
            disabled={busy}
          >
            {busy ? t('credits.confirm.processing') : t('credits.confirm.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
