import type { FastifyInstance } from 'fastify';
import { verificationMessages as m } from '../../domain/messages/verification.ts';
import { EMAIL_VERIFICATION_PATH } from '../mail/verificationMail.ts';
import type { AccountStore } from './accounts.ts';
import { emailVerifiedPage, messagePage } from './pages.ts';

/**
 * The page a verification link opens: the first use of a valid link marks the account verified. The portal
 * learns it from the next token the provider issues (email_verified), which it asks for by itself.
 */
export async function emailVerificationRoutes(
  app: FastifyInstance,
  { accounts, publicUrl }: { accounts: AccountStore; publicUrl: string },
) {
  app.get<{ Querystring: { token?: unknown } }>(EMAIL_VERIFICATION_PATH, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const result = await accounts.verifyEmail(token);
    const page = (status: number, title: string, message: string) => {
      const render = status === 200 ? emailVerifiedPage : messagePage;
      return (
        reply
          .code(status)
          .header('cache-control', 'no-store')
          // The token is in the address: it must not leave in a Referer when the person follows the page's link.
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(render({ title, message, linkHref: `${publicUrl}/`, linkText: m.backToPortal }))
      );
    };
    if (result.outcome === 'invalid') return page(400, m.invalidTitle, m.invalidMessage);
    if (result.outcome === 'already_verified') return page(200, m.verifiedTitle, m.alreadyVerifiedMessage);
    request.log.info({ event: 'idp.account.verified', accountId: result.account.id }, 'e-mail address verified');
    return page(200, m.verifiedTitle, m.verifiedMessage);
  });
}
