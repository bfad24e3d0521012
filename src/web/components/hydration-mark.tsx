import { useEffect } from 'react';

/**
 * Marks the document (`<html data-hydrated="true">`) once the page it sits beside has hydrated or
 * rendered. A click that lands before that is lost, or submits a form natively; the end-to-end tests
 * wait for the mark instead of guessing from network quiet, which a busy machine makes come early.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
