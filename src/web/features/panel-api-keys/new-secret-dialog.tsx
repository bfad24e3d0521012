import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { CopyButton } from '@web/components/ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';

/** The one time a key's secret is shown: copy it now, it cannot be shown again. */
export function NewSecretDialog({
  created,
  onClose,
}: {
  created: { name: string; secret: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('panel-network');
  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('apiKeys.secret.title', { name: created?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('apiKeys.secret.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2 rounded-lg border bg-muted/50 p-3">
          <code dir="ltr" className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="api-key-secret">
            {created?.secret}
          </code>
          {created ? <CopyButton value={created.secret} label={t('apiKeys.secret.copy')} /> : null}
        </div>
        <p className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-200">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('apiKeys.secret.once')}
        </p>
        <DialogFooter>
          <Button onClick={onClose}>{t('apiKeys.secret.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
