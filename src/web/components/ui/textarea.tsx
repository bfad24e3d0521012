import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/** A multi-line Input: same border, focus ring and invalid state. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
