/** Spec §3 (Local storage): the organisation the applicant works for, sent as the SelectedOrganizationId header. */
export const SELECTED_ORGANIZATION_STORAGE_KEY = 'selectedOrganizationId';

export function readSelectedOrganizationId(storage: Pick<Storage, 'getItem'>): string | null {
  const value = storage.getItem(SELECTED_ORGANIZATION_STORAGE_KEY);
  return value === null || value === '' ? null : value;
}
