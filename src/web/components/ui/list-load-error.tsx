import { CircleAlert, RotateCw } from 'lucide-react';
import { translateError } from '@web/lib/api-errors';
import { Button } from './button';

/**
 * A list that could not be fetched at all: what went wrong, and a way to try again. The one failure
 * display of every list, whether it stands in place of the table or inside its body.
 */
export function ListLoadError({
  title,
  error,
  retryLabel,
  onRetry,
  announce = true,
}: {
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
  /** Read it out as it appears (role="alert"); off for a list that is not the page's main content. */
  announce?: boolean;
}) {
  return (
    <div
      role={announce ? 'alert' : undefined}
      className="flex flex-col gap-3 rounded-xl border border-red-600/40 bg-red-50 p-5 text-start text-red-900 sm:flex-row sm:items-center dark:bg-red-950/60 dark:text-red-100"
    >
      <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1 text-sm">
        <strong className="font-semibold">{title}</strong>
        <span className="block">{translateError(error)}</span>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} className="self-start sm:self-auto">
        <RotateCw aria-hidden="true" />
        {retryLabel}
      </Button>
    </div>
  );
}
