import type { ReactNode } from 'react';
import { DocumentTitle } from '@web/components/document-title';
import { cn } from '@web/lib/utils';

/** The device pages' container: the tab title, page width and spacing. */
export function DevicePageFrame({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12', className)}>
      <DocumentTitle page={title} />
      {children}
    </div>
  );
}

/** The heading above a signed-out form: what the page is and what it needs. */
export function DevicePageIntro({ title, intro }: { title: string; intro: string }) {
  return (
    <header className="mx-auto flex max-w-xl flex-col gap-2 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{intro}</p>
    </header>
  );
}
