import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '@web/lib/utils';

export type TabItem<T extends string> = { value: T; label: ReactNode };

/** The ids of a tab and its panel when the Tabs get an `id`: the panel uses them to point back. */
export function tabIds(id: string, value: string) {
  return { tab: `${id}-tab-${value}`, panel: `${id}-panel-${value}` };
}

/**
 * WAI-ARIA tabs: arrow keys (mirrored in right-to-left), Home and End move between tabs; only the
 * selected tab is in the tab order. The caller renders the panel with tabPanelProps().
 */
export function Tabs<T extends string>({
  items,
  value,
  onValueChange,
  label,
  className,
  id,
}: {
  items: TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  label: string;
  className?: string;
  /** A fixed id prefix, so the caller can give its panels the ids of tabIds(id, value). */
  id?: string;
}) {
  const generatedId = useId();
  const baseId = id ?? generatedId;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = items.findIndex((item) => item.value === value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + items.length) % items.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = items.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    onValueChange(items[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn('inline-flex gap-1 rounded-lg bg-muted p-1', className)}
    >
      {items.map((item, i) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabIds(baseId, item.value).tab}
            aria-selected={selected}
            aria-controls={tabIds(baseId, item.value).panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onValueChange(item.value)}
            onKeyDown={onKeyDown}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
              selected
                ? 'bg-background text-foreground shadow-sm dark:bg-primary dark:text-primary-foreground'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props for the panel that belongs to a tab rendered by the Tabs above (same baseId is not shared, so pass ids). */
export function tabPanelProps(labelledBy: string) {
  return { role: 'tabpanel' as const, 'aria-labelledby': labelledBy, tabIndex: 0 };
}
