import { messages } from '../../../domain/messages.ts';
import type { AcceptFailure } from '../../../machines/accept-invitation/types.ts';
import { ApiRequestError } from '../../api/errors.ts';

/** The server's Italian message for a refused acceptance (403 other address, 409 used, 410 expired, 404 unknown). */
export function acceptFailureOf(error: unknown): AcceptFailure {
  if (!(error instanceof ApiRequestError)) return { message: messages.generic.serverError, isWrongAccount: false };
  return { message: error.message, isWrongAccount: error.code === 'invitation_wrong_account' };
}
