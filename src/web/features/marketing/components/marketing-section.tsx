import type { ReactNode } from 'react';
import { PageIntro } from '@web/components/page-intro';

/** The frame every marketing page starts from: a centred column with the page's heading. */
export function MarketingSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 lg:px-8">
      <PageIntro title={title} intro={intro} />
      {children}
    </div>
  );
}
