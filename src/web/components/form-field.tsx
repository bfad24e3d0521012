import type { ComponentProps, ReactNode } from 'react';
import { PasswordInput } from '@web/components/password-input';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { fieldErrorText } from '@web/lib/form-errors';

type FieldFrameProps = { id: string; label: string; error?: string | undefined };

/**
 * A label, its control and the control's error. The control gets `aria-describedby` and
 * `aria-invalid` through the render function so the error is read out with the field.
 */
export function FormField({
  id,
  label,
  error,
  children,
}: FieldFrameProps & {
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

/** The common case of FormField: a plain text input, which takes every other prop (and `register`). */
export function InputField({
  id,
  label,
  error,
  ...props
}: FieldFrameProps & Omit<ComponentProps<typeof Input>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error}>
      {(field) => <Input {...field} {...props} />}
    </FormField>
  );
}

/** FormField around a PasswordInput, for the secrets a form asks for. */
export function PasswordField({
  id,
  label,
  error,
  ...props
}: FieldFrameProps & Omit<ComponentProps<typeof PasswordInput>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error}>
      {(field) => <PasswordInput {...field} {...props} />}
    </FormField>
  );
}
