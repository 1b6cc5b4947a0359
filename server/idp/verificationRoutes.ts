import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import { verificationMessages as m } from '../../domain/messages/verification.ts';
import { EMAIL_VERIFICATION_PATH } from '../mail/verificationMail.ts';
import type { AccountStore } from './accounts.ts';
import { sendHtml } from './htmlReplies.ts';
import { confirmEmailPage, emailVerifiedPage, messagePage } from './pages.ts';

const linkQuery = z.object({ token: z.string().max(256).catch('') });
const confirmForm = z.object({ token: z.string().max(256).catch('') });

/**
 * The page a verification link opens, and its button. Opening the link (GET, or a scanner's HEAD) only shows
 * the button; pressing it (POST) marks the account verified, on the first use of a valid link. The portal
 * learns it from the next token the provider issues (email_verified), which it asks for by itself.
 * The address carries the token: the page answers `Referrer-Policy: no-referrer` (server/http/securityHeaders.ts)
 * and its script takes the token out of the address bar.
 */
export async function emailVerificationRoutes(
  app: FastifyInstance,
  { accounts, publicUrl }: { accounts: AccountStore; publicUrl: string },
) {
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  const page = (reply: FastifyReply, status: number, title: string, message: string) => {
    const render = status === 200 ? emailVerifiedPage : messagePage;
    return sendHtml(reply, status, render({ title, message, linkHref: `${publicUrl}/`, linkText: m.backToPortal }));
  };

  app.get(EMAIL_VERIFICATION_PATH, async (request, reply) => {
    const { token } = linkQuery.parse(request.query ?? {});
    if (!token) return page(reply, 400, m.invalidTitle, m.invalidMessage);
    return sendHtml(reply, 200, confirmEmailPage({ action: EMAIL_VERIFICATION_PATH, token }));
  });

  app.post(EMAIL_VERIFICATION_PATH, async (request, reply) => {
    const { token } = confirmForm.parse(request.body ?? {});
    const result = await accounts.verifyEmail(token);
    if (result.outcome === 'invalid') return page(reply, 400, m.invalidTitle, m.invalidMessage);
    if (result.outcome === 'already_verified') return page(reply, 200, m.verifiedTitle, m.alreadyVerifiedMessage);
    request.log.info({ event: 'idp.account.verified', accountId: result.account.id }, 'e-mail address verified');
    return page(reply, 200, m.verifiedTitle, m.verifiedMessage);
  });
}
