import { useCallback, useState } from 'react';
import { PANEL_SETTINGS_STORAGE_KEY } from './panel-session';

/** Per-browser panel preferences, kept under 'panelUserSettings' and cleared on sign-out. */
export interface PanelSettings {
  sidebarCollapsed: boolean;
}

const DEFAULTS: PanelSettings = { sidebarCollapsed: false };

function readSettings(): PanelSettings {
  try {
    const raw = window.localStorage.getItem(PANEL_SETTINGS_STORAGE_KEY);
    if (!raw) return DEFAULTS;
    const parsed = JSON.parse(raw) as Partial<PanelSettings> | null;
    return { sidebarCollapsed: parsed?.sidebarCollapsed === true };
  } catch {
    return DEFAULTS;
  }
}

export function usePanelSettings(): [PanelSettings, (change: Partial<PanelSettings>) => void] {
  const [settings, setSettings] = useState(readSettings);
  const update = useCallback((change: Partial<PanelSettings>) => {
    setSettings((previous) => {
      const next = { ...previous, ...change };
      try {
        window.localStorage.setItem(PANEL_SETTINGS_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage unavailable: the setting lasts until the page is left.
      }
      return next;
    });
  }, []);
  return [settings, update];
}
