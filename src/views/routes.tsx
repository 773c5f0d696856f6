import { useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from './app/router.tsx';
import { selectHeldForTwoFactor, selectIsAdmin, selectIsChecking, selectIsSignedIn, selectUser, selectUserStatus } from '../machines/session.selectors.ts';
import { tokenStore } from '../services/tokenStore.ts';
import { SessionContext } from './app/actors.ts';
import { lastVisitedPath } from './app/lastVisited.ts';
import { RequireAuth } from './app/RequireAuth.tsx';
import { firstOpenPath, mayOpen } from './app/areaAccess.ts';
import { routeIdsValid } from './app/routeParams.ts';
import { SessionLoginScreen } from './app/SessionLoginScreen.tsx';
import { Loading } from './common/Loading.tsx';
import { lazyScreen } from './common/lazyScreen.ts';
// Static, not lazy: every signed-in route draws the layout, and what it holds (the language picker's Select, Fluent's
// focus manager) is then in an ancestor of every screen's chunk, so Parcel no longer copies it into them (issue 37).
import DashboardLayout from './layout/DashboardLayout.tsx';

const NotFoundScreen = lazyScreen(() => import('./layout/NotFoundScreen.tsx'));
const NoAccessScreen = lazyScreen(() => import('./app/NoAccessScreen.tsx'));

export interface ScreenRoute {
  /** The spec's route id ("Devices", "Campaigns Scheduler", ...). */
  id: string;
  path: string;
  Screen: LazyExoticComponent<ComponentType>;
  /** Registered only for the administrator (user_id 1 in the access token). */
  adminOnly?: boolean;
}

/** Every screen of the spec's route table except "/" (a redirect) and "/login" (outside the dashboard). */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { id: 'Devices', path: '/devices', Screen: lazyScreen(() => import('./devices/DevicesScreen.tsx')) },
  { id: 'DeviceConfig', path: '/devices/:deviceId/configs', Screen: lazyScreen(() => import('./devices/DeviceConfigsScreen.tsx')) },
  { id: 'Clients', path: '/clients', Screen: lazyScreen(() => import('./clients/ClientsScreen.tsx')) },
  { id: 'SmartGroups', path: '/smart-groups', Screen: lazyScreen(() => import('./devices/SmartGroupsScreen.tsx')) },
  { id: 'Media', path: '/media', Screen: lazyScreen(() => import('./media/MediaScreen.tsx')) },
  { id: 'MediaDetails', path: '/media/:mediaId', Screen: lazyScreen(() => import('./media/MediaDetailsScreen.tsx')) },
  { id: 'Content', path: '/content', Screen: lazyScreen(() => import('./content/ContentScreen.tsx')) },
  { id: 'Tracks', path: '/tracks', Screen: lazyScreen(() => import('./tracks/TracksScreen.tsx')) },
  { id: 'Playlists', path: '/playlists', Screen: lazyScreen(() => import('./playlists/PlaylistsScreen.tsx')) },
  { id: 'Playlist item', path: '/playlists/:playlistId', Screen: lazyScreen(() => import('./playlists/PlaylistScreen.tsx')) },
  { id: 'Layouts', path: '/layouts', Screen: lazyScreen(() => import('./layouts/LayoutsScreen.tsx')) },
  { id: 'Layout', path: '/layouts/:layoutId', Screen: lazyScreen(() => import('./layouts/LayoutScreen.tsx')) },
  { id: 'Datasets', path: '/datasets', Screen: lazyScreen(() => import('./datasets/DatasetsScreen.tsx')) },
  { id: 'Campaigns', path: '/campaigns', Screen: lazyScreen(() => import('./campaigns/CampaignsScreen.tsx')) },
  {
    id: 'Campaigns Scheduler',
    path: '/campaigns/:campaignId/scheduler',
    Screen: lazyScreen(() => import('./campaigns/CampaignSchedulerScreen.tsx')),
  },
  {
    id: 'Campaigns Devices',
    path: '/campaigns/:campaignId/devices',
    Screen: lazyScreen(() => import('./campaigns/CampaignDevicesScreen.tsx')),
  },
  { id: 'Scheduler', path: '/scheduler', Screen: lazyScreen(() => import('./scheduler/SchedulerScreen.tsx')) },
  { id: 'Company', path: '/company', Screen: lazyScreen(() => import('./company/CompanyScreen.tsx')) },
  { id: 'Organizations', path: '/organizations', Screen: lazyScreen(() => import('./company/OrganizationsScreen.tsx')) },
  { id: 'Structure', path: '/structure', Screen: lazyScreen(() => import('./company/StructureScreen.tsx')) },
  { id: 'BranchOffices', path: '/branch-offices', Screen: lazyScreen(() => import('./company/BranchOfficesScreen.tsx')) },
  { id: 'Groups', path: '/groups', Screen: lazyScreen(() => import('./groups/GroupsScreen.tsx')), adminOnly: true },
  { id: 'Webhooks', path: '/webhooks', Screen: lazyScreen(() => import('./webhooks/WebhooksScreen.tsx')) },
  { id: 'Users', path: '/users', Screen: lazyScreen(() => import('./users/UsersScreen.tsx')), adminOnly: true },
  { id: 'Journal', path: '/journal', Screen: lazyScreen(() => import('./journal/JournalScreen.tsx')) },
  { id: 'Profile', path: '/profile', Screen: lazyScreen(() => import('./profile/ProfileScreen.tsx')) },
  { id: 'Statistics', path: '/statistics', Screen: lazyScreen(() => import('./statistics/StatisticsScreen.tsx')) },
  { id: 'Comparison', path: '/statistics/compare', Screen: lazyScreen(() => import('./statistics/CompareScreen.tsx')) },
  { id: 'Unloads', path: '/statistics/unloads', Screen: lazyScreen(() => import('./statistics/UnloadsScreen.tsx')) },
  { id: 'Timeline', path: '/timeline', Screen: lazyScreen(() => import('./timeline/TimelineScreen.tsx')) },
  {
    id: 'Directory',
    path: '/directory',
    Screen: lazyScreen(() => import('./directory/DirectoryScreen.tsx')),
    adminOnly: true,
  },
  { id: 'Navigation', path: '/navigation', Screen: lazyScreen(() => import('./navigation/NavigationScreen.tsx')) },
  {
    id: 'DeviceNavigationEditor',
    path: '/navigation/:deviceId',
    Screen: lazyScreen(() => import('./navigation/DeviceNavigationEditorScreen.tsx')),
  },
];

/** The screen routes a user gets: Directory only when the access token's user_id is 1. */
export function screenRoutesFor(isAdmin: boolean): ScreenRoute[] {
  return SCREEN_ROUTES.filter((route) => isAdmin || !route.adminOnly);
}

/** Where a user their company holds to two-factor codes enrols (issue 40). */
export const TWO_FACTOR_ENROLMENT = '/profile';

/**
 * Renders a screen and remembers its address as the last visited page (`rlpv`); an invalid id is "Page not found", and
 * an area the user's groups do not open (their sidebar hides it) is "No access", without a request.
 */
function TrackedScreen({ Screen }: { Screen: ScreenRoute['Screen'] }) {
  const { pathname, search } = useLocation();
  const valid = routeIdsValid(useParams());
  const isAdmin = SessionContext.useSelector(selectIsAdmin);
  const access = SessionContext.useSelector((snapshot) => selectUser(snapshot)?.access ?? null);
  // A user's rights come with their profile: until it first arrives, no screen (and none of its requests or buttons).
  const waiting = SessionContext.useSelector((snapshot) => !selectIsAdmin(snapshot) && !selectUser(snapshot) && selectUserStatus(snapshot) === 'loading');
  const held = SessionContext.useSelector(selectHeldForTwoFactor) && pathname !== TWO_FACTOR_ENROLMENT;
  const open = mayOpen(pathname, isAdmin, access);
  useEffect(() => {
    if (valid && open && !waiting && !held) tokenStore.setLastVisited(pathname + search);
  }, [pathname, search, valid, open, waiting, held]);
  if (!valid) return <NotFoundScreen />;
  if (waiting) return <Loading />;
  // A company requiring two-factor codes holds a user without them on /profile's enrolment (the page says why),
  // remembering where they were going.
  if (held) return <Navigate to={`${TWO_FACTOR_ENROLMENT}?next=${encodeURIComponent(pathname + search)}`} replace />;
  return open ? <Screen /> : <NoAccessScreen home={firstOpenPath(isAdmin, access)} />;
}

/** /login: with a session already held, go on to the last visited page instead. */
function LoginRoute() {
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  const checking = SessionContext.useSelector(selectIsChecking);
  if (signedIn) return <Navigate to={lastVisitedPath()} replace />;
  if (checking) return <Loading fullPage />;
  // Static, not lazy: the first page (Shell.tsx) has already loaded the login screen with the main bundle.
  return <SessionLoginScreen />;
}

/** "/" goes to the last visited page, /devices by default. */
function RedirectToLastVisited() {
  return <Navigate to={lastVisitedPath()} replace />;
}

/** The whole route table of the spec (section 2); every screen is a lazily loaded chunk. */
export function AppRoutes() {
  const isAdmin = SessionContext.useSelector(selectIsAdmin);
  return (
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route
        element={
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        }
      >
        <Route index element={<RedirectToLastVisited />} />
        {screenRoutesFor(isAdmin).map(({ id, path, Screen }) => (
          <Route key={id} path={path} element={<TrackedScreen Screen={Screen} />} />
        ))}
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
