import type { ResellerView } from '@shared/api/reseller';
import { Ban, Pencil, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { useToggleResellerBan } from './api';

/** Edit, and Ban or Unban after a confirmation. */
export function ResellerActions({
  reseller,
  onEdit,
}: {
  reseller: ResellerView;
  onEdit: (reseller: ResellerView) => void;
}) {
  const { t } = useTranslation('panel-network');
  const [confirming, setConfirming] = useState(false);
  const ban = useToggleResellerBan();
  const name = reseller.name;

  function toggleBan() {
    ban.mutate(reseller, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: reseller.banned ? t('resellers.unbanned', { name }) : t('resellers.banned', { name }),
        });
        setConfirming(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('resellers.banFailed'),
          description: translateError(error),
        }),
    });
  }

  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('resellers.edit', { name })}
        title={t('resellers.edit', { name })}
        onClick={() => onEdit(reseller)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className={reseller.banned ? undefined : 'text-destructive hover:text-destructive'}
        aria-label={reseller.banned ? t('resellers.unbanLabel', { name }) : t('resellers.banLabel', { name })}
        onClick={() => setConfirming(true)}
      >
        {reseller.banned ? <RotateCcw aria-hidden="true" /> : <Ban aria-hidden="true" />}
        <span className="hidden sm:inline">
          {reseller.banned ? t('resellers.unban') : t('resellers.ban')}
        </span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          reseller.banned
            ? t('resellers.unbanConfirm.title', { name })
            : t('resellers.banConfirm.title', { name })
        }
        description={
          reseller.banned ? t('resellers.unbanConfirm.description') : t('resellers.banConfirm.description')
        }
        confirmLabel={reseller.banned ? t('resellers.unban') : t('resellers.ban')}
        destructive={!reseller.banned}
        busy={ban.isPending}
        onConfirm={toggleBan}
      />
    </div>
  );
}
