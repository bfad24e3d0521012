import clsx from 'clsx';
import { Plus, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { cn } from '@web/lib/utils';

// The one list-failure display lives beside the table that shows it; pages still reach it here.
export { ListLoadError } from '@web/components/ui/list-load-error';

/** The search box above a list: it filters as the user types, so it needs no submit button. */
export function ListSearchField({
  id,
  label,
  value,
  onValueChange,
  placeholder,
  maxLength,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          // A MAC or an e-mail reads left-to-right even in Arabic, a name in its own script; the empty
          // box keeps the page's direction so the placeholder sits where the label does. Padding on
          // both sides: once the value sets the box's direction, its "start" may not be the icon's side.
          dir={value ? 'auto' : undefined}
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => onValueChange(event.target.value)}
          className="px-9"
        />
      </div>
    </div>
  );
}

/** A filter above a list: one of a few values, or all of them (the empty value). */
export function ListFilterSelect<T extends string>({
  id,
  label,
  value,
  onValueChange,
  allLabel,
  options,
  className,
}: {
  id: string;
  label: string;
  value: T | '';
  onValueChange: (value: T | '') => void;
  allLabel: string;
  options: readonly { value: T; label: string }[];
  className?: string;
}) {
  return (
    <div className={clsx('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onValueChange(event.target.value as T | '')}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The row above a list's table: its search at the start, the Add button at the end. */
export function ListToolbar({
  children,
  addLabel,
  onAdd,
}: {
  /** The search; without one the Add button stands alone at the end. */
  children?: ReactNode;
  addLabel: string;
  /** Without it there is no Add button (the user may not add here). */
  onAdd?: () => void;
}) {
  return (
    <div
      className={
        children ? 'flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between' : 'flex justify-end'
      }
    >
      {children}
      {onAdd ? (
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      ) : null}
    </div>
  );
}
