import { Play } from 'lucide-react';
import { useBrand } from '@web/lib/brand';

/**
 * The product mark and name. Unless `full` is set, the name is short on phones, left out beside the
 * desktop links on mid-size screens (where they need the room), and whole on wide screens.
 */
export function BrandLogo({ full = false }: { full?: boolean }) {
  const brand = useBrand();
  return (
    <span className="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight text-foreground">
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-indigo-500 via-violet-500 to-fuchsia-500 text-white shadow-md shadow-violet-500/30"
      >
        <Play className="size-4 fill-current rtl:-scale-x-100" />
      </span>
      {full ? (
        <span>{brand.name}</span>
      ) : (
        <>
          <span className="md:hidden">{brand.shortName}</span>
          <span className="hidden lg:inline">{brand.name}</span>
        </>
      )}
    </span>
  );
}
