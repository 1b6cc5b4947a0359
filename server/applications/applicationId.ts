import { applicationsMessages } from '../../domain/messages/applications.ts';
import { UUID_PATTERN } from '../../domain/uuid.ts';
import { HttpError } from '../errors.ts';

/** An application id from a query: a malformed one is the client's 400, never a database error. */
export function parseApplicationId(value: string): string {
  if (!UUID_PATTERN.test(value)) throw new HttpError(400, 'invalid_application_id', applicationsMessages.idInvalid);
  return value.toLowerCase();
}
