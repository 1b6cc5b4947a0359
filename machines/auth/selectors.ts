import type { SnapshotFrom } from 'xstate';
import { isAdminRole } from '../../domain/roles.ts';
import type { User, UserOrganization } from '../../domain/user.ts';
import type { authMachine } from './auth.machine.ts';

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Where each kind of person lands (spec §2, route /). */
export type HomePath = '/' | '/admin-panel' | '/calls' | '/flow-organization';

export function homePathFor(user: User | null): HomePath {
  if (user === null) return '/';
  if (isAdminRole(user.roles)) return '/admin-panel';
  return user.organizations.length > 0 ? '/calls' : '/flow-organization';
}

/**
 * The organisation the person works for right now: the one they selected when it is still theirs,
 * otherwise their first. Admins have none (spec §6).
 */
export function currentOrganizationFor(user: User | null, selectedOrganizationId: string | null): UserOrganization | null {
  if (user === null || isAdminRole(user.roles)) return null;
  return user.organizations.find((organization) => organization.id === selectedOrganizationId) ?? user.organizations[0] ?? null;
}

/** The signed-in person; still there while a refused token is being refreshed. */
export const selectUser = (snapshot: AuthSnapshot): User | null => snapshot.context.user;

export const selectIsAdmin = (snapshot: AuthSnapshot): boolean => isAdminRole(selectUser(snapshot)?.roles);

export const selectHomePath = (snapshot: AuthSnapshot): HomePath => homePathFor(selectUser(snapshot));

export const selectAccessToken = (snapshot: AuthSnapshot): string | null => snapshot.context.tokens?.token ?? null;

/** The Italian message to show, when there is one (failed login, expired session). */
export const selectError = (snapshot: AuthSnapshot): string | null => snapshot.context.error;

export const selectHasFailed = (snapshot: AuthSnapshot): boolean => snapshot.matches('failure');

/** Settled: nothing is under way, so a guard or a view can decide where the person belongs. */
export const selectIsSettled = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('authenticated') || snapshot.matches('unauthenticated') || snapshot.matches('failure');

/** How the login started on /login-callback is going. */
export type SignInStatus = 'pending' | 'succeeded' | 'failed';

export function selectSignInStatus(snapshot: AuthSnapshot): SignInStatus {
  if (snapshot.matches('authenticated')) return 'succeeded';
  if (snapshot.matches('failure') || snapshot.matches('unauthenticated')) return 'failed';
  return 'pending';
}

/** Everything the session's views render (the guard, the login callback, the welcome page), in one selection (compare with `shallowEqual`). */
export function selectSessionView(snapshot: AuthSnapshot) {
  return {
    user: selectUser(snapshot),
    isAdmin: selectIsAdmin(snapshot),
    homePath: selectHomePath(snapshot),
    isSettled: selectIsSettled(snapshot),
    signInStatus: selectSignInStatus(snapshot),
    error: selectError(snapshot),
    hasFailed: selectHasFailed(snapshot),
  };
}
