import { z } from 'zod';
import { accountMessages } from './messages/account.ts';
import { organizationMessages } from './messages/organization.ts';
import { plainText } from './plainText.ts';

const m = accountMessages;
const personName = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(3, message).max(100, organizationMessages.tooLong).superRefine(plainText('line')),
  );

/**
 * POST /api/User/UpdateUser body (spec §7). `email` is read-only and `roles` are never changed by the
 * person themselves: both are accepted so the client can send the whole User, and ignored.
 */
export const updateUserRequestSchema = z.object({
  id: z.string({ error: m.notYourAccount }),
  firstName: personName(m.firstNameRequired),
  lastName: personName(m.lastNameRequired),
  email: z.unknown().optional(),
  roles: z.unknown().optional(),
});

export const accountFieldLabels: Record<string, string> = { firstName: 'Nome', lastName: 'Cognome', id: 'Utente' };
