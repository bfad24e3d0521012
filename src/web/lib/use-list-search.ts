import { useEffect, useRef, useState, type FormEvent } from 'react';

/**
 * The search box of a list whose search lives in the address. What the user types stays a draft
 * until they press Enter, or with `debounceMs` until they pause, so the list is not fetched on every
 * key; `apply` then puts it in the address. When the address changes by other means (Back, Reset
 * filters) the box follows it.
 */
export function useListSearch(
  applied: string,
  apply: (search: string) => void,
  { debounceMs }: { debounceMs?: number } = {},
) {
  const [draft, setDraft] = useState(applied);
  const [seen, setSeen] = useState(applied);
  // Adjusted during render, not in an effect. The address keeps the search trimmed, so a draft that
  // only differs by spaces is left alone: the user may be typing the next word.
  if (applied !== seen) {
    setSeen(applied);
    if (draft.trim() !== applied.trim()) setDraft(applied);
  }

  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });

  useEffect(() => {
    if (debounceMs === undefined || draft.trim() === applied.trim()) return;
    const timer = setTimeout(() => applyRef.current(draft), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, applied, debounceMs]);

  return {
    draft,
    setDraft,
    submit(event?: FormEvent) {
      event?.preventDefault();
      apply(draft);
    },
  };
}
