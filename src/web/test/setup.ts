import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@web/components/ui/toast';
import { initTestI18n } from './i18n';

// Lazy pages are imported on first render; give them time on a cold transform cache.
configure({ asyncUtilTimeout: 3000 });

// jsdom lacks these browser APIs; the app and Radix use them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});
window.scrollTo = (() => undefined) as typeof window.scrollTo;
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

// Testing Library flushes pending work with a zero-delay timer, advanced through the global
// `jest.advanceTimersByTime` when fake timers are on; point that at Vitest's so vi.useFakeTimers()
// works with Testing Library and user-event.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

await initTestI18n();

afterEach(async () => {
  cleanup();
  dismissToast();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.documentElement.className = '';
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
  window.localStorage.clear();
});
