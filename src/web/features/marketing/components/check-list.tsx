import { clsx } from 'clsx';
import { Check } from 'lucide-react';

/** A list of short points, each with a tick. */
export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={clsx('grid gap-3', className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-emerald-500/15 text-emerald-700 dark:text-emerald-400">
            <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
