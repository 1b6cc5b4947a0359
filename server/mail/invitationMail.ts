import { INVITATION_PATH } from '../../domain/invitation.ts';
import { mailMessages } from '../../domain/messages/mails.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import type { OutgoingMail } from './mailer.ts';

const expiry = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Rome' });

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The invitation e-mail, to an address anybody may type: plain text whose subject and body are the portal's, naming
 * the organisation and the inviter as registered; the inviter's own message, if any, is quoted under their name.
 */
export function invitationMail(input: {
  to: string;
  message: string | undefined;
  inviter: { firstName: string; lastName: string; email: string };
  organizationName: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const inviterName = `${input.inviter.firstName} ${input.inviter.lastName}`.trim() || input.inviter.email;
  const personal = input.message?.trim();
  const m = mailMessages.invitation;
  const lines = [
    statusMailMessages.greeting,
    '',
    m.invites(inviterName, input.inviter.email, input.organizationName),
    ...(personal ? ['', m.quoted(inviterName, input.organizationName), ...personal.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    '',
    m.howToAccept(input.to),
    input.link,
    '',
    m.expiry(expiry.format(input.expiresAt)),
    m.notExpected,
    '',
    statusMailMessages.portalName,
  ];
  return { to: input.to, subject: m.subject(inviterName, input.organizationName), text: lines.join('\n') };
}
