import { verificationMessages as m } from '../../domain/messages/verification.ts';
import type { OutgoingMail } from './mailer.ts';

/** Where a verification link points: the embedded provider's page that marks the account verified. */
export const EMAIL_VERIFICATION_PATH = '/idp/verifica-email';

const expiry = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Rome' });

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${EMAIL_VERIFICATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** The mail sent at registration (and on «Invia di nuovo il link»): plain text, the link on its own line. */
export function verificationMail(input: { to: string; firstName: string; link: string; expiresAt: Date }): OutgoingMail {
  const greeting = input.firstName.trim() ? `Gentile ${input.firstName.trim()},` : 'Buongiorno,';
  const lines = [
    greeting,
    '',
    'grazie per esserti registrato al Portale Fondi. Per confermare che questo indirizzo email è tuo apri il collegamento qui sotto:',
    input.link,
    '',
    `Il collegamento può essere usato una sola volta e scade il ${expiry.format(input.expiresAt)}.`,
    'Finché l’indirizzo non è confermato puoi consultare il portale, ma non registrare o collegare un’organizzazione né inviare candidature.',
    'Se non hai chiesto tu la registrazione puoi ignorare questa email: l’account resterà non verificato.',
    '',
    'Portale Fondi',
  ];
  return { to: input.to, subject: m.mailSubject, text: lines.join('\n') };
}
