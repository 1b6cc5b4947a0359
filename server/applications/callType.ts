import { fundOfCallType, type FundEntry } from '../../domain/funds.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { HttpError } from '../errors.ts';

/**
 * The one reading of a request's `callType` (domain/funds.ts `fundOfCallType`: a fund's code in any case, or its
 * compilazioneType), among `funds`; anything else is the 400 `invalid_call_type`.
 */
export function parseCallType<E extends FundEntry>(value: unknown, funds: readonly E[]): E {
  const entry = fundOfCallType(value, funds);
  if (!entry) throw new HttpError(400, 'invalid_call_type', applicationsMessages.callTypeInvalid);
  return entry;
}
