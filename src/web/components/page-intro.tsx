import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** A page's heading and the sentence that says what the page is for; also sets the tab title. */
export function PageIntro({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-2">
      <DocumentTitle page={title} />
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-2xl text-muted-foreground">{intro}</p>
      {children}
    </header>
  );
}
