import { isValidMac } from '@shared/mac';
import { useCallback, useState } from 'react';

/** docs/product.md: the last five unique MAC searches, newest first, in local storage. */
export const MAC_SEARCH_HISTORY_KEY = 'macSearchHistory';
export const MAC_SEARCH_HISTORY_LIMIT = 5;

export function addToHistory(history: readonly string[], mac: string): string[] {
  return [mac, ...history.filter((entry) => entry !== mac)].slice(0, MAC_SEARCH_HISTORY_LIMIT);
}

function readHistory(): string[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(MAC_SEARCH_HISTORY_KEY) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is string => typeof entry === 'string' && isValidMac(entry))
      .slice(0, MAC_SEARCH_HISTORY_LIMIT);
  } catch {
    return [];
  }
}

function writeHistory(history: string[]): void {
  try {
    if (history.length === 0) window.localStorage.removeItem(MAC_SEARCH_HISTORY_KEY);
    else window.localStorage.setItem(MAC_SEARCH_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Storage unavailable (private mode): the list lasts until the page is left.
  }
}

export function useMacSearchHistory() {
  const [history, setHistory] = useState(readHistory);
  const remember = useCallback((mac: string) => {
    setHistory((previous) => {
      const next = addToHistory(previous, mac);
      writeHistory(next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    writeHistory([]);
    setHistory([]);
  }, []);
  return { history, remember, clear };
}
