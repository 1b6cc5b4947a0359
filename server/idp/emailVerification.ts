import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';
import { accountExistsMail } from '../mail/accountExistsMail.ts';
import { verificationLink, verificationMail } from '../mail/verificationMail.ts';
import { FORGOT_PASSWORD_PATH } from './passwordRoutes.ts';
import { RateLimitExceeded, type RateLimiter } from '../rateLimits/rateLimiter.ts';
import type { AccountStore, IdpAccount } from './accounts.ts';

/** A second registration this soon after the account's creation is the same person's second click. */
const DOUBLE_SUBMIT_MS = 2 * 60 * 1000;

/**
 * Mails verification links for accounts of the embedded provider: once at registration, and again when the
 * person asks (limited per account; an answer never says whether a mail left).
 */
export function createEmailVerificationSender(deps: {
  accounts: AccountStore;
  mailer: Mailer;
  publicUrl: string;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  const { accounts, mailer, publicUrl, rateLimiter, log } = deps;

  /** A new link to the account's address. A mail server's failure is logged: the person can ask again. */
  async function send(account: IdpAccount): Promise<boolean> {
    const { token, expiresAt } = await accounts.createEmailVerification(account.id);
    try {
      await mailer.send(verificationMail({ to: account.email, link: verificationLink(publicUrl, token), expiresAt }));
      return true;
    } catch (err) {
      log.error({ err, accountId: account.id }, 'verification e-mail not sent');
      return false;
    }
  }

  return {
    /** Right after registration: the account is new, nothing to check. */
    sendAfterRegistration: send,

    /**
     * A registration with an address that already has an account: its owner is told so, with the way to
     * "Password dimenticata?"; the page answered as for a new address. Not for an account created a moment ago
     * (a double click on Registrati: its verification mail is on its way). A failure is logged, as above.
     */
    async sendAccountExists(account: IdpAccount, now = new Date()): Promise<void> {
      if (now.getTime() - account.createdAt.getTime() < DOUBLE_SUBMIT_MS) return;
      try {
        await mailer.send(accountExistsMail({ to: account.email, forgotPasswordLink: `${publicUrl}${FORGOT_PASSWORD_PATH}` }));
      } catch (err) {
        log.error({ err, accountId: account.id }, 'account-exists e-mail not sent');
      }
    },

    /** «Invia di nuovo il link»: nothing for a verified or unknown account, nor past the limit. */
    async resend(accountId: string): Promise<void> {
      const account = await accounts.findById(accountId);
      if (!account || account.emailVerifiedAt) return;
      try {
        await rateLimiter.consume('verificationMailsPerAccount', account.id);
      } catch (error) {
        if (!(error instanceof RateLimitExceeded)) throw error;
        log.info({ event: 'idp.verification.resend_limited', accountId: account.id }, 'verification e-mail not resent: limit');
        return;
      }
      await send(account);
    },
  };
}

export type EmailVerificationSender = ReturnType<typeof createEmailVerificationSender>;
