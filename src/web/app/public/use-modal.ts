import { useEffect, type RefObject } from 'react';

/**
 * While the menu is open: page scroll is locked, the page behind is inert, and Escape closes it.
 * Focus moves into the menu, Tab and Shift+Tab wrap around inside it (inert alone let Tab leave the
 * dialog for whatever the browser focuses next), and when it is closed without navigating, focus goes
 * back to its button.
 */
export function useModal(panelRef: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    const html = document.documentElement;
    const app = document.getElementById('root');
    const previous = { html: html.style.overflow, body: document.body.style.overflow };
    html.style.overflow = 'hidden';
    document.body.style.overflow = 'hidden';
    app?.setAttribute('inert', '');
    panelRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        wrapFocus(event);
      }
    }
    function wrapFocus(event: KeyboardEvent) {
      const focusable = [...(panelRef.current?.querySelectorAll<HTMLElement>('a[href], button') ?? [])];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const inside = panelRef.current?.contains(document.activeElement) ?? false;
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      html.style.overflow = previous.html;
      document.body.style.overflow = previous.body;
      app?.removeAttribute('inert');
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [panelRef, close]);
}
