import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/*
 * The app's router on the History API (issue 37): the part of react-router the panel uses (a route table with a layout
 * route, path params, links, navigation, search params and a blocker for the leave question), in about 2 KB instead of
 * react-router's 26 KB brotli, which shipped whole with every signed-in route. Behaviour as react-router's: routes match
 * case-insensitively with an optional trailing slash, params are decoded, a link to the current address replaces it,
 * modified and middle clicks are the browser's, location updates run in a transition (the screen shown stays until the
 * next one's chunk has arrived), and a blocker holds back links, navigate() and the back/forward buttons (the latter by
 * stepping the history back to where it was, as react-router's data router does).
 */

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

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** A navigation held back by a blocker: `proceed` lets it go on, `reset` drops it. */
export interface Blocker {
  state: 'unblocked' | 'blocked' | 'proceeding';
  location?: Location;
  proceed?: () => void;
  reset?: () => void;
}

export type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location; historyAction: 'PUSH' | 'REPLACE' | 'POP' }) => boolean;

/** Where the router keeps its entries: the browser's history, or an array in memory (unit tests). */
interface History {
  location(): Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Calls back on back/forward with the new location and how many entries it moved (null when unknown). */
  listen(listener: (location: Location, delta: number | null) => void): () => void;
}

let keys = 0;
const newKey = () => (++keys).toString(36) + Math.random().toString(36).slice(2, 8);

/** `/a/b?x=1#y` -> its parts; a path without a leading slash is taken from the root, as every address in the app is. */
export function parsePath(to: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  let rest = to;
  let hash = '';
  let search = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) [rest, hash] = [rest.slice(0, hashAt), rest.slice(hashAt)];
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) [rest, search] = [rest.slice(0, searchAt), rest.slice(searchAt)];
  const pathname = rest === '' ? '' : rest.startsWith('/') ? rest : `/${rest}`;
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export const createPath = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) => pathname + search + hash;

/** The browser's history; each entry's state holds { usr, key, idx } as react-router's does, idx telling how far a back/forward moved. */
function browserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = window.history.state as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
  };
  const indexOf = (): number | null => (window.history.state as { idx?: number } | null)?.idx ?? null;
  let index = indexOf();
  if (index === null) {
    index = 0;
    window.history.replaceState({ ...(window.history.state as object | null), idx: 0 }, '');
  }
  const write = (location: Location, replace: boolean) => {
    if (!replace) index = (index ?? 0) + 1;
    const entry = { usr: location.state, key: location.key, idx: index };
    const url = createPath(location);
    if (replace) window.history.replaceState(entry, '', url);
    else window.history.pushState(entry, '', url);
  };
  return {
    location: read,
    push: (location) => write(location, false),
    replace: (location) => write(location, true),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const onPop = () => {
        const next = indexOf();
        const delta = next === null || index === null ? null : next - index;
        index = next;
        listener(read(), delta);
      };
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
  };
}

/** Entries in memory, for unit tests. */
function memoryHistory(initialEntries: string[]): History {
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((to) => ({ ...parsePath(to), state: null, key: newKey() }));
  let index = entries.length - 1;
  const listeners = new Set<(location: Location, delta: number | null) => void>();
  return {
    location: () => entries[index]!,
    push(location) {
      index += 1;
      entries.splice(index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      const moved = next - index;
      if (moved === 0) return;
      index = next;
      for (const listener of listeners) listener(entries[index]!, moved);
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
  /** Adds a blocker; answers its remover. */
  block(blocker: BlockerEntry): () => void;
}

interface BlockerEntry {
  shouldBlock: BlockerFunction;
  update(blocker: Blocker): void;
}

const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook was used outside <BrowserRouter> or <MemoryRouter>');
  return router;
}

const UNBLOCKED: Blocker = { state: 'unblocked' };

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  const current = useRef(location);
  const blockers = useRef(new Set<BlockerEntry>());

  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const parsed = parsePath(to);
      const from = current.current;
      const next: Location = {
        pathname: parsed.pathname || from.pathname,
        search: parsed.pathname || parsed.search ? parsed.search : from.search,
        hash: parsed.hash,
        state: options.state ?? null,
        key: newKey(),
      };
      const action = options.replace ? 'REPLACE' : 'PUSH';
      const go = () => {
        for (const entry of blockers.current) entry.update(UNBLOCKED);
        if (options.replace) history.replace(next);
        else history.push(next);
        current.current = next;
        startTransition(() => setLocation(next));
      };
      const blocker = [...blockers.current].find((entry) => entry.shouldBlock({ currentLocation: from, nextLocation: next, historyAction: action }));
      if (!blocker) {
        go();
        return;
      }
      blocker.update({
        state: 'blocked',
        location: next,
        proceed: () => {
          blocker.update({ state: 'proceeding', location: next });
          go();
        },
        reset: () => blocker.update(UNBLOCKED),
      });
    },
    [history],
  );

  useEffect(() => {
    // A back/forward the blocker held back is undone by stepping the other way; that step's own event is not a navigation.
    let undoing = false;
    let proceeding = false;
    return history.listen((next, delta) => {
      if (undoing) {
        undoing = false;
        return;
      }
      const from = current.current;
      const blocker = proceeding
        ? undefined
        : [...blockers.current].find((entry) => entry.shouldBlock({ currentLocation: from, nextLocation: next, historyAction: 'POP' }));
      proceeding = false;
      if (blocker && delta !== null && delta !== 0) {
        undoing = true;
        history.go(-delta);
        blocker.update({
          state: 'blocked',
          location: next,
          proceed: () => {
            blocker.update({ state: 'proceeding', location: next });
            proceeding = true;
            history.go(delta);
          },
          reset: () => blocker.update(UNBLOCKED),
        });
        return;
      }
      for (const entry of blockers.current) entry.update(UNBLOCKED);
      current.current = next;
      startTransition(() => setLocation(next));
    });
  }, [history]);

  const block = useCallback((entry: BlockerEntry) => {
    blockers.current.add(entry);
    return () => void blockers.current.delete(entry);
  }, []);

  const value = useMemo(() => ({ location, navigate, block }), [location, navigate, block]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The app's router, on the browser's address and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router on entries in memory (unit tests), starting at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** navigate(to, { replace, state }) or navigate(delta); the function stays the same for the router's life. */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The path to put in a link's href. */
export function useHref(to: string): string {
  const { location } = useRouter();
  const parsed = parsePath(to);
  return parsed.pathname ? createPath(parsed) : createPath({ ...parsed, pathname: location.pathname });
}

/** A link's click handler: a plain left click navigates in the app (replacing the entry if it is the current address). */
export function useLinkClickHandler<E extends Element = HTMLAnchorElement>(to: string, options: NavigateOptions & { target?: string } = {}) {
  const { location, navigate } = useRouter();
  const href = useHref(to);
  return (event: MouseEvent<E>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (options.target && options.target !== '_self') return;
    event.preventDefault();
    navigate(href, { replace: options.replace ?? createPath(location) === href, state: options.state });
  };
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const handle = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) handle(event);
      }}
    />
  );
}

export type NavLinkProps = Omit<LinkProps, 'className'> & { end?: boolean; className?: string | ((state: { isActive: boolean }) => string | undefined) };

/** A link that knows whether it points at the current page (aria-current="page" and className({ isActive })). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = trimSlash(parsePath(to).pathname).toLowerCase();
  const current = trimSlash(pathname).toLowerCase();
  const isActive = current === target || (!end && current.startsWith(target === '/' ? '/' : `${target}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Navigates when rendered (after the render, as react-router's does). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { navigate } = useRouter();
  useEffect(() => {
    navigate(to, { replace, state });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

export type SearchParamsInit = URLSearchParams | string | Record<string, string>;

/** The address's query as URLSearchParams, and a setter that navigates to the address with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate(`?${value}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** Holds back navigations to addresses `shouldBlock` answers true for; the blocker's state says whether one is held. */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const { block } = useRouter();
  const [blocker, setBlocker] = useState<Blocker>(UNBLOCKED);
  const test = useRef(shouldBlock);
  test.current = shouldBlock;
  useEffect(() => block({ shouldBlock: (args) => test.current(args), update: setBlocker }), [block]);
  return blocker;
}

/** Calls `handler` on the window's beforeunload (reloading or closing the tab). */
export function useBeforeUnload(handler: (event: BeforeUnloadEvent) => void): void {
  const current = useRef(handler);
  current.current = handler;
  useEffect(() => {
    const listener = (event: BeforeUnloadEvent) => current.current(event);
    window.addEventListener('beforeunload', listener);
    return () => window.removeEventListener('beforeunload', listener);
  }, []);
}

// ---- The route table ----

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route of a <Routes> table; it renders nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface Match {
  element: ReactNode;
  /** The params of the whole match, the layout's and its child's. */
  params: Record<string, string>;
  /** The matched child of a layout route, which its <Outlet/> renders. */
  child: Match | null;
}

const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The params of `pattern` ('/media/:mediaId', '*') against `pathname`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return { '*': decode(pathname.replace(/^\//, '')) };
  const want = trimSlash(pattern).split('/');
  const have = trimSlash(pathname).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    if (segment.startsWith(':')) {
      if (!have[i]) return null;
      params[segment.slice(1)] = decode(have[i]!);
    } else if (segment.toLowerCase() !== have[i]!.toLowerCase()) return null;
  }
  return params;
}

/** The first route of `children` that matches (a "*" route only if no other does), a layout route with its matched child. */
function matchRoutes(children: ReactNode, pathname: string): Match | null {
  const routes = Children.toArray(children).filter((child): child is ReactElement<RouteProps> => isValidElement(child));
  const ordered = [...routes.filter((route) => route.props.path !== '*'), ...routes.filter((route) => route.props.path === '*')];
  for (const route of ordered) {
    const { path, index, element, children: nested } = route.props;
    if (path === undefined && !index) {
      const child = matchRoutes(nested, pathname);
      if (child) return { element, params: child.params, child };
      continue;
    }
    const params = index ? (trimSlash(pathname) === '/' ? {} : null) : matchPath(path!, pathname);
    if (params) return { element, params, child: null };
  }
  return null;
}

const RouteContext = createContext<{ params: Record<string, string>; outlet: ReactNode }>({ params: {}, outlet: null });

function RenderMatch({ match }: { match: Match }) {
  const value = useMemo(() => ({ params: match.params, outlet: match.child ? <RenderMatch match={match.child} /> : null }), [match]);
  return <RouteContext.Provider value={value}>{match.element}</RouteContext.Provider>;
}

/** Renders the element of the first route that matches the address (nothing when none does). */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoutes(children, pathname), [children, pathname]);
  return match ? <RenderMatch match={match} /> : null;
}

/** Where a layout route draws its matched child. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

/** The matched route's params, decoded. */
export function useParams(): Record<string, string | undefined> {
  return useContext(RouteContext).params;
}
