import type { ReactNode } from 'react';
import { PageIntro } from '@web/components/page-intro';

export function DevicePageFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-12 sm:px-6">
      <PageIntro title={title} intro={intro} />
      {children}
    </div>
  );
}
