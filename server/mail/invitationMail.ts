import { INVITATION_PATH } from '../../domain/invitation.ts';
import { invitationMessages } from '../../domain/messages/invitation.ts';
import type { OutgoingMail } from './mailer.ts';

const expiry = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Rome' });

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** The invitation e-mail: plain text, the inviter's own words set apart from ours. */
export function invitationMail(input: {
  to: string;
  subject: string | undefined;
  message: string | undefined;
  inviter: { firstName: string; lastName: string; email: string };
  organizationName: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const inviterName = `${input.inviter.firstName} ${input.inviter.lastName}`.trim() || input.inviter.email;
  const personal = input.message?.trim();
  const lines = [
    'Buongiorno,',
    '',
    `${inviterName} (${input.inviter.email}) ti invita a collaborare per l'organizzazione «${input.organizationName}» sul Portale Fondi.`,
    ...(personal ? ['', 'Messaggio:', ...personal.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    '',
    `Per accettare l'invito apri il collegamento qui sotto e accedi, o registrati, con questo indirizzo e-mail (${input.to}):`,
    input.link,
    '',
    `Il collegamento può essere usato una sola volta e scade il ${expiry.format(input.expiresAt)}.`,
    'Se non ti aspettavi questo invito puoi ignorare questa e-mail.',
    '',
    'Portale Fondi',
  ];
  return { to: input.to, subject: input.subject || invitationMessages.defaultSubject, text: lines.join('\n') };
}
