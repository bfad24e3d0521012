import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';

/** A titled band of a marketing page (h2), optionally tinted to set it apart from its neighbours. */
export function Section({
  id,
  eyebrow,
  title,
  subtitle,
  tinted = false,
  align = 'center',
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  align?: 'center' | 'start';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={clsx('scroll-mt-20 py-16 sm:py-20', tinted && 'bg-muted/50')}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-chat-clear-7xl">
        <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
          {eyebrow ? (
            <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
          ) : null}
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {subtitle ? (
            <p className="mt-4 text-lg leading-relaxed text-pretty text-muted-foreground">{subtitle}</p>
          ) : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
