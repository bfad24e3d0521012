import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface Step {
  key: string;
  title: string;
  text: string;
  action?: ReactNode;
}

/** Numbered steps as an ordered list of cards, in a row on wide screens. */
export function StepList({ steps, columns = 3 }: { steps: Step[]; columns?: 2 | 3 | 4 }) {
  return (
    <ol
      className={clsx(
        'grid gap-6',
        columns === 2 && 'md:grid-cols-2',
        columns === 3 && 'md:grid-cols-3',
        columns === 4 && 'sm:grid-cols-2 lg:grid-cols-4',
      )}
    >
      {steps.map((step, index) => (
        <li key={step.key} className="relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm">
          <span
            aria-hidden="true"
            className="grid size-11 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground shadow-md shadow-primary/30"
          >
            {index + 1}
          </span>
          <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
          <p className="mt-2 flex-1 leading-relaxed text-muted-foreground">{step.text}</p>
          {step.action ? <div className="mt-4">{step.action}</div> : null}
        </li>
      ))}
    </ol>
  );
}
