import { mailMessages } from '../../domain/messages/mails.ts';
import { passwordMessages } from '../../domain/messages/password.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import type { OutgoingMail } from './mailer.ts';

const m = mailMessages.passwordReset;

/** "Password dimenticata?": plain text, the link on a line of its own, and what to do if the person did not ask. */
export function passwordResetMail(input: { to: string; link: string }): OutgoingMail {
  const lines = [
    statusMailMessages.greeting,
    '',
    m.requested(input.to),
    '',
    m.linkIntro,
    input.link,
    '',
    m.linkRules,
    '',
    m.notRequested,
    '',
    m.closing,
    statusMailMessages.portalName,
  ];
  return { to: input.to, subject: passwordMessages.mailSubject, text: lines.join('\n') };
}
