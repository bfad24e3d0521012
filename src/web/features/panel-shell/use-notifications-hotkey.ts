import { useEffect, useEffectEvent } from 'react';

/** docs/product.md: F8 opens (and closes) the notifications. */
export const NOTIFICATIONS_HOTKEY = 'F8';

export function useNotificationsHotkey(onPress: () => void): void {
  const press = useEffectEvent(onPress);
  useEffect(() => {
    // In the panel F8 belongs to the bell (docs/decisions/0007): caught first, on the way down, so the
    // toaster's own F8 (focus the toasts, used on the public pages) does not also act on it.
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== NOTIFICATIONS_HOTKEY || event.repeat) return;
      event.preventDefault();
      event.stopPropagation();
      press();
    }
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
}
