import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';
import { fieldErrorText } from '@web/lib/form-errors';

/**
 * A label, its control and the control's error. The control gets `aria-describedby` and
 * `aria-invalid` through the render function so the error is read out with the field.
 */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const text = fieldErrorText(error);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(text), 'aria-describedby': text ? errorId : undefined })}
      {text ? (
        <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-400">
          {text}
        </p>
      ) : null}
    </div>
  );
}
