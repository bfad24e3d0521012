import { useId, type ReactNode } from 'react';

/** The closing call to action of a page: a gradient panel with a title, a sentence and actions. */
export function CtaBand({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-700 via-violet-700 to-fuchsia-700 px-6 py-14 text-center text-white shadow-xl shadow-violet-900/20 sm:px-12">
        <div
          aria-hidden="true"
          className="absolute -end-16 -top-16 -z-10 size-64 rounded-full bg-white/10 blur-2xl"
        />
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-indigo-50">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
