import { organizationAdminMessages as m } from '../../domain/messages/organizationAdmin.ts';
import { ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_MIN_LENGTH } from '../../domain/organizationAdmin.ts';
import { plainTextProblem } from '../../domain/plainText.ts';
import type { AdminActFields, AdminActKind } from './types.ts';

export interface AdminActProblems {
  reason: string | null;
  email: string | null;
  member: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is missing or wrong in an act's dialog, by field, with the server's rules (domain/organizationAdmin.ts). */
export function adminActProblems(act: AdminActKind, fields: AdminActFields): AdminActProblems {
  const reason = fields.reason.trim();
  return {
    reason:
      reason === ''
        ? m.reason.required
        : reason.length < ADMIN_REASON_MIN_LENGTH
          ? m.reason.tooShort
          : reason.length > ADMIN_REASON_MAX_LENGTH
            ? m.reason.tooLong
            : plainTextProblem(reason, 'lines'),
    email: act === 'add' && !EMAIL.test(fields.email.trim()) ? m.emailInvalid : null,
    member: (act === 'remove' || act === 'makeReferent') && fields.member === null ? m.dialog.chooseMember : null,
  };
}

export function hasProblems(problems: AdminActProblems): boolean {
  return Object.values(problems).some((problem) => problem !== null);
}
