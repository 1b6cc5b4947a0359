import { z } from 'zod';
import { idSchema } from './idSchema.ts';
import { organizationAdminMessages } from './messages/organizationAdmin.ts';
import { DEFAULT_MEMBER_ROLE, MEMBER_ROLES } from './organization.ts';
import { plainText } from './plainText.ts';

/**
 * The platform administrators' acts on an organisation (issue 42): each names the organisation and carries a
 * reason, which the organisation's history keeps and its Referenti are told by e-mail.
 */
export const ADMIN_REASON_MIN_LENGTH = 10;
export const ADMIN_REASON_MAX_LENGTH = 1000;

const m = organizationAdminMessages;

/** The administrator's reason: several lines of plain text (domain/plainText.ts), trimmed, 10 to 1,000 characters. */
export const adminReasonSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: m.reason.required })
    .min(1, m.reason.required)
    .min(ADMIN_REASON_MIN_LENGTH, m.reason.tooShort)
    .max(ADMIN_REASON_MAX_LENGTH, m.reason.tooLong)
    .superRefine(plainText('lines')),
);

const organizationId = idSchema;
const userId = idSchema;

/** POST /api/Organization/AdminAddMember: an existing account, by its address, with a role. */
export const adminAddMemberSchema = z.object({
  organizationId,
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.email({ error: m.emailInvalid }).max(254, m.emailInvalid),
  ),
  role: z.enum(MEMBER_ROLES, { error: m.roleInvalid }).default(DEFAULT_MEMBER_ROLE),
  reason: adminReasonSchema,
});

/** POST /api/Organization/AdminRemoveMember. */
export const adminRemoveMemberSchema = z.object({ organizationId, userId, reason: adminReasonSchema });

/**
 * POST /api/Organization/AdminMakeReferent: the member becomes a Referente; with `demoteOthers` the current
 * Referenti become Compilatori (the referent role moves instead of being shared).
 */
export const adminMakeReferentSchema = z.object({
  organizationId,
  userId,
  demoteOthers: z.boolean().default(false),
  reason: adminReasonSchema,
});

/** POST /api/Organization/SuspendOrganization and RestoreOrganization. */
export const adminOrganizationActSchema = z.object({ organizationId, reason: adminReasonSchema });

/** What every act answers: the organisation's status after it. */
export const ORGANIZATION_STATUSES = ['active', 'suspended'] as const;
export const organizationStatusSchema = z.enum(ORGANIZATION_STATUSES);
export type OrganizationStatus = z.infer<typeof organizationStatusSchema>;

export const adminActResultSchema = z.object({
  organizationId: z.string(),
  status: organizationStatusSchema,
  suspensionReason: z.string().nullable(),
});
export type AdminActResult = z.infer<typeof adminActResultSchema>;

/** GET /api/Organization/GetOrganizationHistory?organizationId=. */
export const organizationHistoryQuerySchema = z.object({ organizationId: idSchema });
