import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
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

/**
 * The one time a secret (an API key, a new device key) is shown: the value with a copy button and a
 * warning that it cannot be shown again. Open while `value` is not null.
 */
export function ShownOnceDialog({
  value,
  title,
  description,
  copyLabel,
  warning,
  doneLabel,
  valueClassName = 'text-sm',
  testId,
  onClose,
}: {
  value: string | null;
  title: string;
  description: ReactNode;
  copyLabel: string;
  warning: string;
  doneLabel: string;
  valueClassName?: string;
  testId?: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={value !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2 rounded-lg border bg-muted/50 p-3">
          <code
            dir="ltr"
            className={`min-w-0 flex-1 break-all font-mono ${valueClassName}`}
            data-testid={testId}
          >
            {value}
          </code>
          {value ? <CopyButton value={value} label={copyLabel} /> : null}
        </div>
        <p className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-200">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {warning}
        </p>
        <DialogFooter>
          <Button onClick={onClose}>{doneLabel}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
