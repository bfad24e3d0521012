import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A feature or benefit: an icon on a gradient tile, a title (h3) and a sentence. */
export function IconCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="h-full rounded-2xl border bg-card p-6 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <span
        aria-hidden="true"
        className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-white shadow-md shadow-violet-500/25"
      >
        <Icon className="size-6" />
      </span>
      <h3 className="mt-5 text-lg font-semibold">{title}</h3>
      <p className="mt-2 leading-relaxed text-muted-foreground">{children}</p>
    </div>
  );
}
