/**
 * The part of React Router's API the marketing site uses, for the marketing site's browser build
 * only (vite.config.ts answers `react-router` with this file there; docs/decisions/0018). React
 * Router's Link carries its framework mode (prefetching, route modules), about 12 KiB of the home
 * page's first load; the marketing site needs a location, links and a flat route table. The server
 * renders the same components with React Router itself (entry-server.tsx's StaticRouter), and the
 * main app keeps it, so what these render must match it: the same `href`, `class` and
 * `aria-current`. A marketing component that imports anything not exported here fails the build.
 */
import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type To = string;

type Navigate = (to: To | number, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: Navigate;
}

const RouterContext = createContext<RouterValue | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('marketing-router: a link or hook is rendered outside <BrowserRouter>');
  return router;
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = (window.history.state ?? null) as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

/** `to` against the current location, as React Router resolves the marketing site's links. */
function resolve(to: To, from: Location): URL {
  const base = new URL(`${from.pathname}${from.search}${from.hash}`, window.location.origin);
  return new URL(to, base);
}

/** The browser's history as the location: links push entries, Back and Forward move through them. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);

  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigate>((to, options = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const url = resolve(to, currentLocation());
    // The same shape React Router keeps in history.state, so either can read the other's entries.
    const entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10), idx: 0 };
    const href = `${url.pathname}${url.search}${url.hash}`;
    if (options.replace) window.history.replaceState(entry, '', href);
    else window.history.pushState(entry, '', href);
    setLocation(currentLocation());
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: URLSearchParams) => {
      const search = next.toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`);
    },
    [location.pathname, navigate],
  );
  return [params, setParams];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
}

/** A click this page should handle itself: the main button, no modifier, not for another window. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link({ to, replace, state, reloadDocument, onClick, target, children, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const url = resolve(to, location);
  const href = `${url.pathname}${url.search}${url.hash}`;
  const external = url.origin !== window.location.origin;
  return (
    <a
      {...rest}
      href={external ? url.href : href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || external || !isPlainClick(event, target)) return;
        event.preventDefault();
        // Following a link to where one already is replaces the entry, as React Router does.
        const here = `${location.pathname}${location.search}${location.hash}`;
        navigate(href, { replace: replace ?? here === href, state });
      }}
    >
      {children}
    </a>
  );
}

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** React Router's rule: the same path, or (without `end`) a path below it; letter case ignored. */
function isActivePath(locationPathname: string, toPathname: string, end: boolean): boolean {
  const here = locationPathname.toLowerCase();
  const there = toPathname.toLowerCase();
  if (here === there) return true;
  if (end || !here.startsWith(there)) return false;
  const slashAt = there !== '/' && there.endsWith('/') ? there.length - 1 : there.length;
  return here.charAt(slashAt) === '/';
}

export function NavLink({ end = false, className, style, children, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const isActive = isActivePath(location.pathname, resolve(rest.to, location).pathname, end);
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className(renderProps)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined
      }
      style={typeof style === 'function' ? style(renderProps) : style}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Only read by <Routes>, as in React Router. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error('marketing-router: <Route> is only used as a child of <Routes> or another <Route>');
}

/**
 * `pattern` (segments, `:param`, a final `*`) matches `pathname`, letter case and a final slash
 * ignored; a splat only when `splats` allows it.
 */
function matches(pattern: string, pathname: string, splats: boolean): boolean {
  const split = (path: string) => path.toLowerCase().split('/').filter(Boolean);
  const wanted = split(pattern);
  const actual = split(pathname);
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') return splats;
    const value = actual[index];
    if (value === undefined) return false;
    if (!segment.startsWith(':') && segment !== value) return false;
  }
  return wanted.length === actual.length;
}

/** The element for `pathname` from a route table of layouts (no path), index routes and paths. */
function match(routes: ReactNode, pathname: string, splats: boolean): ReactNode | undefined {
  for (const child of Children.toArray(routes)) {
    if (!isValidElement<RouteProps>(child) || child.type !== Route) continue;
    const { path, index, element, children } = child.props;
    if (path === undefined && !index && children !== undefined) {
      const outlet = match(children, pathname, splats);
      if (outlet !== undefined)
        return <OutletContext.Provider value={outlet}>{element}</OutletContext.Provider>;
      continue;
    }
    const pattern = index ? '/' : (path ?? '');
    if (matches(pattern.startsWith('/') ? pattern : `/${pattern}`, pathname, splats)) return element ?? null;
  }
  return undefined;
}

/** React Router ranks a named path above a splat (`*`): so does this, with a second pass for splats. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useRouter().location;
  return match(children, pathname, false) ?? match(children, pathname, true) ?? null;
}

export function Outlet() {
  return useContext(OutletContext);
}
