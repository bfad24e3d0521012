import type { ReactNode } from 'react';

/** The card a public form sits in: its heading (h2), a line under it, then the form. */
export function FormCard({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="rounded-3xl border bg-card p-6 shadow-sm sm:p-8">
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      {intro}
      <div className="mt-6">{children}</div>
    </section>
  );
}
