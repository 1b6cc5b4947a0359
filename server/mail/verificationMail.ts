import { mailMessages } from '../../domain/messages/mails.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import type { OutgoingMail } from './mailer.ts';

const m = mailMessages.verification;

/** Where a verification link points: the embedded provider's page that marks the account verified. */
export const EMAIL_VERIFICATION_PATH = '/idp/verifica-email';

const expiry = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Rome' });

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${EMAIL_VERIFICATION_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The mail sent at registration (and on «Invia di nuovo il link»): plain text, the link on its own line. Anybody may
 * register with any address, so it greets nobody by the name typed at registration.
 */
export function verificationMail(input: { to: string; link: string; expiresAt: Date }): OutgoingMail {
  const lines = [
    // The portal's one greeting, never the name typed at registration: the mail reaches whoever owns the address.
    statusMailMessages.greeting,
    '',
    m.intro,
    input.link,
    '',
    m.expiry(expiry.format(input.expiresAt)),
    m.untilConfirmed,
    m.notRequested,
    '',
    statusMailMessages.portalName,
  ];
  return { to: input.to, subject: verificationMessages.mailSubject, text: lines.join('\n') };
}
