import type { SnapshotFrom } from 'xstate';
import type { Area, Level } from '../services/schemas/groups.ts';
import type { sessionMachine } from './session.machine.ts';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type UserStatus = 'initial' | 'loading' | 'complete' | 'error';

/** The administrator: the only user who gets the Directory screen. */
export const ADMIN_USER_ID = 1;

export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('authenticated');
/** True while the stored session is being checked or refreshed (the route guard shows a spinner). */
export const selectIsChecking = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches('checking') || snapshot.matches('refreshing');
export const selectIsBusy = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('busy');
export const selectUserId = (snapshot: SessionSnapshot): number | null => snapshot.context.userId;
export const selectIsAdmin = (snapshot: SessionSnapshot): boolean => snapshot.context.userId === ADMIN_USER_ID;
export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
/**
 * Held by a company's two-factor requirement (issue 40): the profile says they must set up codes first. Until they do,
 * the server refuses everything but their profile and enrolment (403 two_factor_required), so the panel offers nothing else.
 */
export const selectHeldForTwoFactor = (snapshot: SessionSnapshot): boolean => snapshot.context.user?.two_factor?.required === true;
export const selectLoginError = (snapshot: SessionSnapshot): string | null => snapshot.context.error;
/** The login screen's second step (two-factor codes) is shown: asked for a code, or checking one. */
export const selectCodeAsked = (snapshot: SessionSnapshot): boolean => snapshot.matches('secondFactor') || snapshot.matches('verifyingCode');
export const selectCodeChecking = (snapshot: SessionSnapshot): boolean => snapshot.matches('verifyingCode');

export function selectUserStatus(snapshot: SessionSnapshot): UserStatus {
  if (snapshot.matches({ signedIn: 'loadingProfile' })) return 'loading';
  if (snapshot.matches({ signedIn: 'ready' })) return 'complete';
  if (snapshot.matches({ signedIn: 'profileError' })) return 'error';
  if (snapshot.matches({ signedOut: 'logoutFailed' })) return 'error';
  return 'initial';
}

const LEVEL_RANK: Record<Level, number> = { none: 0, view: 1, edit: 2 };

/**
 * A selector: may the signed-in user `level` ('view' or 'edit') in `area`? The administrator always; anyone else only
 * once their profile is loaded, then by its `access` (a profile without `access`, from a server before scopes, allows
 * everything, as the sidebar does). The server enforces the same rule (server/domain/scope.ts); this only hides what it
 * would refuse.
 */
export function selectCan(area: Area, level: Exclude<Level, 'none'>) {
  return (snapshot: SessionSnapshot): boolean => {
    if (selectIsAdmin(snapshot)) return true;
    const user = snapshot.context.user;
    if (!user) return false;
    if (!user.access) return true;
    return user.access.admin || LEVEL_RANK[user.access.permissions[area]] >= LEVEL_RANK[level];
  };
}
