import { passwordMessages } from './messages/password.ts';

/**
 * The strength rules of a new password at the embedded provider: at registration, on "Password dimenticata?"
 * and when changing it from the account page. Long rather than complicated (NIST SP 800-63B): length is what
 * makes a password hard to guess, and a person remembers a phrase better than symbols.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;

/** The Italian reason a new password is refused, or undefined when it keeps the rules. */
export function newPasswordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return passwordMessages.tooLong;
  return undefined;
}
