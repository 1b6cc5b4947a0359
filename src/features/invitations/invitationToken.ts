/**
 * The token of the invitation link the person opened, kept in this tab's sessionStorage so that it leaves the
 * address bar (no history entry, bookmark or Referer keeps it) while the page, and a login on the way, still
 * find it. One link at a time: a newer link replaces it.
 */
const INVITATION_TOKEN_STORAGE_KEY = 'pf.invitationToken';

export function keepInvitationToken(storage: Pick<Storage, 'setItem'>, token: string): void {
  storage.setItem(INVITATION_TOKEN_STORAGE_KEY, token);
}

export function readInvitationToken(storage: Pick<Storage, 'getItem'>): string | undefined {
  return storage.getItem(INVITATION_TOKEN_STORAGE_KEY) ?? undefined;
}
