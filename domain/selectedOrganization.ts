/**
 * Spec §3 (Local storage), §7: the organisation the applicant works for travels in this request header. The
 * server reads it as a hint and checks membership every time; it is never a credential.
 */
export const SELECTED_ORGANIZATION_HEADER = 'SelectedOrganizationId';
