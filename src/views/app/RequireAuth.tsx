import type { ReactNode } from 'react';
import { Navigate } from './router.tsx';
import { selectIsChecking, selectIsSignedIn } from '../../machines/session.selectors.ts';
import { Loading } from '../common/Loading.tsx';
import { SessionContext } from './actors.ts';

/**
 * The route guard: a spinner while the stored session is checked or refreshed, the login screen without one.
 * Signing out keeps the page until the session machine navigates to /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const checking = SessionContext.useSelector(selectIsChecking);
  const allowed = SessionContext.useSelector((s) => selectIsSignedIn(s) || s.matches('signingOut'));
  if (checking) return <Loading fullPage />;
  if (!allowed) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
