import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { ctaButton } from './cta-button';

/** A public form's submit button, on its own row; while the form is sent it says so and waits. */
export function FormSubmit({
  icon,
  label,
  sendingLabel,
  isSubmitting,
  className,
}: {
  icon: ReactNode;
  label: string;
  sendingLabel: string;
  isSubmitting: boolean;
  className?: string;
}) {
  return (
    <div>
      <button type="submit" disabled={isSubmitting} className={clsx(ctaButton({ size: 'lg' }), className)}>
        {icon}
        {isSubmitting ? sendingLabel : label}
      </button>
    </div>
  );
}
