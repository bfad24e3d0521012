import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
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

/**
 * The frame of the panel's add and edit dialogs. Callers render the form only while there is
 * something to edit, so the form mounts afresh, with fresh default values, at every opening.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and submit; both are held while the form is saving so it cannot be sent twice. */
export function FormDialogFooter({
  onCancel,
  submitLabel,
  pendingLabel,
  pending,
  submitDisabled = false,
  spinner = false,
  className,
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Held for a reason other than saving (nothing to save to, say). */
  submitDisabled?: boolean;
  /** A spinner beside the pending label, for forms whose save can take a moment. */
  spinner?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter className={className}>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={pending || submitDisabled}>
        {pending && spinner ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
