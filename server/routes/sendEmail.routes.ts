import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendInvitationsRequestSchema, sendInvitationsResponseSchema } from '../../domain/invitation.ts';
import { invitationMessages } from '../../domain/messages/invitation.ts';
import { SELECTED_ORGANIZATION_HEADER } from '../../domain/selectedOrganization.ts';
import { HttpError } from '../errors.ts';
import { organizationAccessOf, type RouteAccess } from '../auth/access.ts';
import { invitationExpiry, type Invitations } from '../auth/invitations.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationLink, invitationMail } from '../mail/invitationMail.ts';
import { errorResponses } from './errorResponses.ts';
import { labelFields } from './fieldErrors.ts';

interface Options {
  invitations: Invitations;
  mailer: Mailer;
  publicUrl: string;
}

/** The Referenti of the selected organisation invite; a platform administrator only reads it. */
const invite: RouteAccess = { who: 'member', organization: { header: SELECTED_ORGANIZATION_HEADER }, mode: 'manage' };

export const sendEmailRoutes: FastifyPluginAsyncZod<Options> = async (app, { invitations, mailer, publicUrl }) => {
  labelFields(app, invitationMessages.fieldLabels);

  /**
   * Invites collaborators to the caller's selected organisation (header SelectedOrganizationId): one
   * e-mail per address with a single-use link valid 7 days. Only Referenti may invite.
   *
   * The answer says nothing about anybody's account: an address whose owner has not confirmed it gets no
   * invitation (only the verification link reaches it), yet it is listed in `sent` like an unknown or a verified
   * address, so the inviter cannot learn who is registered, or unverified, by inviting them. `failed` holds only
   * the addresses the mail server refused.
   */
  app.post(
    '/api/SendEmail/SendEmail',
    {
      config: { access: invite },
      schema: {
        body: sendInvitationsRequestSchema,
        response: { 200: sendInvitationsResponseSchema, ...errorResponses(invite, [403, 502]) },
      },
    },
    async (request) => {
      const { organization, user } = organizationAccessOf(request);
      if (request.body.userId !== user.id) throw new HttpError(403, 'forbidden', invitationMessages.notYourself);

      const sent: string[] = [];
      const failed: string[] = [];
      let attempted = 0;
      // What an invitation sent now would say, also when every address was skipped.
      let expiresAt = invitationExpiry(new Date());
      for (const email of request.body.emails) {
        if (await invitations.isUnconfirmedAddress(email)) {
          // Its owner has not confirmed it yet: it gets no mail but the verification link, and the inviter is not told.
          request.log.info({ event: 'invitation.skipped_unverified' }, 'invitation not sent to an unverified address');
          sent.push(email);
          continue;
        }
        const invitation = await invitations.create({ organizationId: organization.id, email, invitedBy: user.id });
        expiresAt = invitation.expiresAt;
        attempted += 1;
        const mail = invitationMail({
          to: email,
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
      // Every e-mail tried was refused: the mail server is down (502), as the answer for any address would be.
      if (failed.length > 0 && failed.length === attempted) throw new HttpError(502, 'mail_unavailable', invitationMessages.sendFailed);
      return { organizationId: organization.id, sent, failed, expiresAt: expiresAt.toISOString() };
    },
  );
};
