import type { ReactNode } from 'react';
import { DocumentTitle } from '@web/components/document-title';

/**
 * The top of every inner marketing page: the page's one h1, its intro, optional actions, over a soft
 * gradient. Also sets the tab title (the server puts the same title in the HTML it sends).
 */
export function PageHero({
  documentTitle,
  eyebrow,
  title,
  intro,
  children,
}: {
  /** The tab title's page part; defaults to the heading. */
  documentTitle?: string;
  eyebrow?: string;
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden border-b bg-gradient-to-b from-indigo-100/70 via-background to-background dark:from-indigo-950/60">
      <DocumentTitle page={documentTitle ?? title} />
      <div
        aria-hidden="true"
        className="absolute -top-24 start-1/2 -z-10 h-72 w-[36rem] -translate-x-1/2 rounded-full bg-gradient-to-r from-indigo-400/30 via-violet-400/30 to-fuchsia-400/30 blur-3xl rtl:translate-x-1/2 dark:from-indigo-500/20 dark:via-violet-500/20 dark:to-fuchsia-500/20"
      />
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? (
          <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
        ) : null}
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">
          {intro}
        </p>
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
