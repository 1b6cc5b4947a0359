/** Spec §6: a user is an administrator when 'admin' appears among their roles, in any case. */
export const ADMIN_ROLE = 'admin';

export function isAdminRole(roles: readonly string[] | undefined | null): boolean {
  return (roles ?? []).some((role) => role.trim().toLowerCase() === ADMIN_ROLE);
}
