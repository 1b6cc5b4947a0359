import { z } from 'zod';
import { invitationMessages } from './messages/invitation.ts';
import { organizationMessages } from './messages/organization.ts';
import { memberRoleSchema } from './organization.ts';
import { plainText } from './plainText.ts';

/** An invitation link is valid for seven days and only once. */
export const INVITATION_VALIDITY_DAYS = 7;
/** The client route the e-mailed link opens: `${PUBLIC_URL}/accetta-invito?token=…`. */
export const INVITATION_PATH = '/accetta-invito';
export const MAX_INVITATIONS_PER_REQUEST = 20;
export const INVITATION_SUBJECT_MAX_LENGTH = 200;
export const INVITATION_MESSAGE_MAX_LENGTH = 2000;

const m = invitationMessages;

/** One address: must contain an at-sign (spec §5) and be a real address, with nothing smuggled into headers. */
export const invitationEmailSchema = z
  .string({ error: m.emailInvalid })
  .superRefine(plainText('line'))
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z
      .string()
      .includes('@', { message: m.emailInvalid })
      .pipe(z.email({ error: m.emailInvalid }).max(254, m.emailInvalid)),
  );

/**
 * POST /api/SendEmail/SendEmail (spec §3 Invite e-mail payload). The e-mail goes to whoever the address belongs to,
 * so it carries no text a stranger chose but the message, quoted under its sender's registered name: `subject` is
 * accepted as the spec sends it, and the portal writes its own (server/mail/invitationMail.ts).
 */
export const sendInvitationsRequestSchema = z.object({
  emails: z
    .array(invitationEmailSchema, { error: m.emailsRequired })
    .min(1, m.emailsRequired)
    .max(MAX_INVITATIONS_PER_REQUEST, m.tooManyEmails)
    .transform((emails) => [...new Set(emails)]),
  userId: z.string({ error: organizationMessages.invalid }),
  subject: z
    .string({ error: organizationMessages.invalid })
    .max(INVITATION_SUBJECT_MAX_LENGTH, organizationMessages.tooLong)
    .superRefine(plainText('line'))
    .optional(),
  message: z
    .string({ error: organizationMessages.invalid })
    .max(INVITATION_MESSAGE_MAX_LENGTH, organizationMessages.tooLong)
    .superRefine(plainText('lines'))
    .optional(),
});
export type SendInvitationsRequest = z.input<typeof sendInvitationsRequestSchema>;

export const sendInvitationsResponseSchema = z.object({
  organizationId: z.string(),
  /**
   * The addresses taken in (lower-cased, duplicates removed): invited, or — for an account whose address is not
   * verified yet — silently left without an invitation. The answer never tells an address's account state.
   */
  sent: z.array(z.string()),
  /** The addresses whose e-mail the mail server refused (no invitation was kept for them). */
  failed: z.array(z.string()),
  expiresAt: z.string(),
});
export type SendInvitationsResponse = z.infer<typeof sendInvitationsResponseSchema>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** The token from the link, as it came; only its SHA-256 is stored. */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/);

/** GET /api/Organization/GetInvitation?token= */
export const invitationViewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  status: invitationStatusSchema,
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /api/Organization/AcceptInvitation */
export const acceptInvitationRequestSchema = z.object({ token: z.string() });
export const acceptInvitationResponseSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: memberRoleSchema,
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
