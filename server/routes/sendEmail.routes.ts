import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendInvitationsRequestSchema, sendInvitationsResponseSchema } from '../../domain/invitation.ts';
import { invitationMessages } from '../../domain/messages/invitation.ts';
import { SELECTED_ORGANIZATION_HEADER } from '../../domain/selectedOrganization.ts';
import { HttpError } from '../errors.ts';
import { organizationAccessOf, type RouteAccess } from '../auth/access.ts';
import type { Invitations } from '../auth/invitations.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationLink, invitationMail } from '../mail/invitationMail.ts';
import { errorResponses } from './errorResponses.ts';
import { installFieldErrorHandler } from './fieldErrors.ts';

interface Options {
  invitations: Invitations;
  mailer: Mailer;
  publicUrl: string;
}

/** Members of the selected organisation invite; a platform administrator only reads it. */
const invite: RouteAccess = { who: 'member', organization: { header: SELECTED_ORGANIZATION_HEADER }, mode: 'write' };

export const sendEmailRoutes: FastifyPluginAsyncZod<Options> = async (app, { invitations, mailer, publicUrl }) => {
  installFieldErrorHandler(app, invitationMessages.fieldLabels);

  /**
   * Invites collaborators to the caller's selected organisation (header SelectedOrganizationId): one
   * e-mail per address with a single-use link valid 7 days. Only members may invite.
   */
  app.post(
    '/api/SendEmail/SendEmail',
    {
      config: { access: invite },
      schema: {
        body: sendInvitationsRequestSchema,
        response: { 200: sendInvitationsResponseSchema, ...errorResponses(invite, [403, 502], { fieldErrors: true }) },
      },
    },
    async (request) => {
      const { organization, user } = organizationAccessOf(request);
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
