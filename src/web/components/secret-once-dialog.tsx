import { TriangleAlert } from 'lucide-react';
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
 * The one time a secret (an API key, a webhook signing secret) is shown: copy it now, the server
 * keeps no way to show it again. Texts come from the caller's translations.
 */
export function SecretOnceDialog({
  secret,
  onClose,
  title,
  description,
  copyLabel,
  onceText,
  doneLabel,
  testId,
}: {
  secret: string | null;
  onClose: () => void;
  title: string;
  description: string;
  copyLabel: string;
  onceText: string;
  doneLabel: string;
  testId: string;
}) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2 rounded-lg border bg-muted/50 p-3">
          <code dir="ltr" className="min-w-0 flex-1 break-all font-mono text-sm" data-testid={testId}>
            {secret}
          </code>
          {secret ? <CopyButton value={secret} label={copyLabel} /> : null}
        </div>
        <p className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-200">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {onceText}
        </p>
        <DialogFooter>
          <Button onClick={onClose}>{doneLabel}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
