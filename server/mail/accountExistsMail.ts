import { identityProviderMessages } from '../../domain/messages/identityProvider.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import type { OutgoingMail } from './mailer.ts';

const m = identityProviderMessages.accountExistsMail;

/**
 * The answer, by mail, to a registration with an address that already has an account: the page said the same
 * as to a new address, so only the address's owner learns that the account exists. `forgotPasswordLink`: the
 * provider's "Password dimenticata?" page.
 */
export function accountExistsMail(input: { to: string; forgotPasswordLink: string }): OutgoingMail {
  const lines = [
    statusMailMessages.greeting,
    '',
    m.intro(input.to),
    '',
    m.signIn,
    input.forgotPasswordLink,
    '',
    m.notRequested,
    '',
    m.closing,
    statusMailMessages.portalName,
  ];
  return { to: input.to, subject: m.subject, text: lines.join('\n') };
}
