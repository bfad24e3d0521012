import { LoaderCircle } from 'lucide-react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
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

/** How the footer inside tells the frame that the form is saving. */
const SavingContext = createContext<(saving: boolean) => void>(() => {});

/**
 * The frame of the panel's add and edit dialogs. Callers render the form only while there is
 * something to edit, so the form mounts afresh, with fresh default values, at every opening.
 * While the form saves (its FormDialogFooter is pending) Escape, the close button and a click
 * outside are refused, like ConfirmDialog's `busy`: the outcome, and its toast, is never lost with
 * a form that was closed half-way.
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
  const [saving, setSaving] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next || saving ? undefined : onClose())}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <SavingContext.Provider value={setSaving}>{children}</SavingContext.Provider>
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
  const reportSaving = useContext(SavingContext);
  useEffect(() => {
    reportSaving(pending);
    return () => reportSaving(false);
  }, [pending, reportSaving]);
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
