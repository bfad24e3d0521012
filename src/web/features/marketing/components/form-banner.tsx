import { clsx } from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { Ref } from 'react';
import type { FormOutcome } from '../lib/use-public-form-submit';

/**
 * The outcome of a form, announced to screen readers (status for success, alert for failure) and
 * focusable so the page can move focus to it.
 */
export function FormBanner({
  ref,
  tone,
  title,
  children,
}: {
  ref?: Ref<HTMLDivElement>;
  tone: 'success' | 'error';
  title?: string;
  children: string;
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'success' ? 'status' : 'alert'}
      className={clsx(
        'flex gap-3 rounded-xl border p-4 outline-none',
        tone === 'success'
          ? 'border-emerald-600/40 bg-emerald-50 text-emerald-950 dark:bg-emerald-950/50 dark:text-emerald-100'
          : 'border-red-600/40 bg-red-50 text-red-950 dark:bg-red-950/50 dark:text-red-100',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        {title ? <p className="font-semibold">{title}</p> : null}
        <p className={title ? 'mt-1 text-sm' : undefined}>{children}</p>
      </div>
    </div>
  );
}

interface BannerText {
  title?: string;
  text: string;
}

/** A public form's outcome as a banner, if it has one; the failure's text may depend on the status. */
export function OutcomeBanner({
  ref,
  outcome,
  success,
  failure,
}: {
  ref: Ref<HTMLDivElement>;
  outcome: FormOutcome;
  success: BannerText;
  failure: (status: number) => BannerText;
}) {
  if (!outcome) return null;
  const { title, text } = outcome.tone === 'success' ? success : failure(outcome.status);
  return (
    <FormBanner ref={ref} tone={outcome.tone} title={title}>
      {text}
    </FormBanner>
  );
}
