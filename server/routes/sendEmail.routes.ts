import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/errors.ts';
import { fieldErrorSchema } from '../../domain/validation.ts';
import { sendInvitationsRequestSchema, sendInvitationsResponseSchema } from '../../domain/invitation.ts';
import { invitationMessages } from '../../domain/messages/invitation.ts';
import { HttpError } from '../errors.ts';
import type { Invitations } from '../auth/invitations.ts';
import type { Membership } from '../auth/membership.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationLink, invitationMail } from '../mail/invitationMail.ts';
import { installFieldErrorHandler } from './fieldErrors.ts';

interface Options {
  membership: Membership;
  invitations: Invitations;
  mailer: Mailer;
  publicUrl: string;
}

const labels = { emails: 'E-mail', subject: 'Oggetto', message: 'Messaggio', userId: 'Utente' };
const errors = { 400: fieldErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 502: apiErrorSchema };

export const sendEmailRoutes: FastifyPluginAsyncZod<Options> = async (app, { membership, invitations, mailer, publicUrl }) => {
  installFieldErrorHandler(app, labels);

  /**
   * Invites collaborators to the caller's selected organisation (header SelectedOrganizationId): one
   * e-mail per address with a single-use link valid 7 days. Only members may invite.
   */
  app.post(
    '/api/SendEmail/SendEmail',
    { schema: { body: sendInvitationsRequestSchema, response: { 200: sendInvitationsResponseSchema, ...errors } } },
    async (request) => {
      const { organization, user } = await membership.requireSelectedMember(request);
      if (request.body.userId !== user.id) throw new HttpError(403, 'forbidden', invitationMessages.notYourself);

      const sent: string[] = [];
      const failed: string[] = [];
      let unconfirmed = 0;
      let expiresAt = new Date();
      for (const email of request.body.emails) {
        if (await invitations.isUnconfirmedAddress(email)) {
          // Its owner has not confirmed it yet: it gets no mail but the verification link.
          request.log.info({ event: 'invitation.skipped_unverified' }, 'invitation not sent to an unverified address');
          unconfirmed += 1;
          failed.push(email);
          continue;
        }
        const invitation = await invitations.create({ organizationId: organization.id, email, invitedBy: user.id });
        expiresAt = invitation.expiresAt;
        const mail = invitationMail({
          to: email,
          subject: request.body.subject,
          message: request.body.message,
          inviter: user,
          organizationName: organization.name,
          link: invitationLink(publicUrl, invitation.token),
          expiresAt: invitation.expiresAt,
        });
        try {
          await mailer.send(mail);
          sent.push(email);
        } catch (err) {
          request.log.error({ err, to: email }, 'invitation e-mail not sent');
          await invitations.discard(invitation.id);
          failed.push(email);
        }
      }
      if (sent.length === 0 && failed.length > unconfirmed) throw new HttpError(502, 'mail_unavailable', invitationMessages.sendFailed);
      return { organizationId: organization.id, sent, failed, expiresAt: expiresAt.toISOString() };
    },
  );
};
