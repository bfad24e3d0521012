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
import { IDLE_WARNING_MS } from './use-idle-timeout';

/**
 * The warning before the idle sign-out: what was typed is still there, and one button keeps it.
 * Closing the dialog in any way (Escape, the close button) counts as staying.
 */
export function IdleWarningDialog({ open, onStay }: { open: boolean; onStay: () => void }) {
  const { t } = useTranslation('panel');
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onStay())}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('shell.idleWarningTitle')}</DialogTitle>
          <DialogDescription>
            {t('shell.idleWarningBody', { seconds: Math.round(IDLE_WARNING_MS / 1000) })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onStay}>{t('shell.staySignedIn')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
