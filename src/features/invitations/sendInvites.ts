import { fromPromise } from 'xstate';
import type { SendInvitesInput, SendInvitesOutput } from '../../../machines/invite/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { sendInvitations } from '../../api/invitations.ts';
import { checkInviteAddresses } from './checkInviteAddresses.ts';

/**
 * Invia: the addresses that are addresses go to POST /api/SendEmail/SendEmail on behalf of the signed-in
 * person; the others come back untouched, to be named and fixed. Addresses the server could not mail
 * are left out of `sent` (spec §8 reports no failure).
 */
export function createSendInvites(api: ApiClient, userId: string) {
  return fromPromise<SendInvitesOutput, SendInvitesInput>(async ({ input }) => {
    const { valid, invalid } = checkInviteAddresses(input.emails);
    if (valid.length === 0) return { sent: [], invalid };
    const message = input.message.trim();
    const response = await sendInvitations(api, { emails: valid, userId, ...(message === '' ? {} : { message }) });
    return { sent: response.sent, invalid };
  });
}
