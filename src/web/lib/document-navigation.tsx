import { isMarketingPath } from '@shared/routes';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The marketing site is its own small client app (src/web/entry-client.tsx) that knows only the
 * marketing routes. Inside it, a link to the device page or the panel must load that page from the
 * server (full document navigation); inside the main app every link stays client-side.
 */
const MarketingShellContext = createContext(false);

export function MarketingShell({ children }: { children: ReactNode }) {
  return <MarketingShellContext.Provider value>{children}</MarketingShellContext.Provider>;
}

/** `reloadDocumentFor(to)`: pass the answer as `reloadDocument` to a Link or NavLink pointing at `to`. */
export function useReloadDocumentFor(): (to: string) => boolean {
  const inMarketingShell = useContext(MarketingShellContext);
  return (to) => inMarketingShell && !isMarketingPath(to.split(/[?#]/)[0] ?? to);
}
