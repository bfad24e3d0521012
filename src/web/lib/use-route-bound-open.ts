import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state for a menu that must close whenever the route changes: it counts as open only
 * while the path is the one it was opened on, so navigation closes it without an effect.
 */
export function useRouteBoundOpen(): [boolean, (open: boolean) => void] {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  return [openOn === pathname, (open: boolean) => setOpenOn(open ? pathname : null)];
}
