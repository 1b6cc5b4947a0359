/** Spec §3 (Local storage): the organisation the applicant works for, sent as the SelectedOrganizationId header. */
export const SELECTED_ORGANIZATION_STORAGE_KEY = 'selectedOrganizationId';

export function readSelectedOrganizationId(storage: Pick<Storage, 'getItem'>): string | null {
  const value = storage.getItem(SELECTED_ORGANIZATION_STORAGE_KEY);
  return value === null || value === '' ? null : value;
}

/** Remembers the organisation to work for; null forgets it (admins, people without one). */
export function writeSelectedOrganizationId(storage: Pick<Storage, 'setItem' | 'removeItem'>, organizationId: string | null): void {
  if (organizationId === null) storage.removeItem(SELECTED_ORGANIZATION_STORAGE_KEY);
  else storage.setItem(SELECTED_ORGANIZATION_STORAGE_KEY, organizationId);
}

/**
 * Keeps the stored choice in step with the person's organisations: a choice that is no longer theirs
 * (left, removed, another account on this browser) gives way to `current`. Writes only on a change.
 */
export function syncSelectedOrganizationId(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, current: string | null): void {
  if (readSelectedOrganizationId(storage) !== current) writeSelectedOrganizationId(storage, current);
}
