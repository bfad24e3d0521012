import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popup when the user clicks or touches outside `containerRef`, or presses Escape
 * (which also returns focus to the element that opened it).
 */
export function useDismiss(
  containerRef: RefObject<HTMLElement | null>,
  open: boolean,
  close: (options: { restoreFocus: boolean }) => void,
): void {
  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent) {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) {
        close({ restoreFocus: false });
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close({ restoreFocus: true });
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [containerRef, open, close]);
}
