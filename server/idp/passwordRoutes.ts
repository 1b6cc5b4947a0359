import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import { passwordMessages } from '../../domain/messages/password.ts';
import { newPasswordProblem } from '../../domain/passwordRules.ts';
import type { RateLimiter } from '../rateLimits/rateLimiter.ts';
import { sendHtml, withinLimits } from './htmlReplies.ts';
import { withoutTokenInAddress } from './pages.ts';
import { forgotPasswordPage, newPasswordPage, passwordResetDonePage, resetLinkSentPage, unusableLinkPage } from './passwordPages.ts';
import { PASSWORD_RESET_PATH, type PasswordResets } from './passwordResets.ts';

export const FORGOT_PASSWORD_PATH = '/idp/password/forgot';

/** The login page's "Password dimenticata?" link: the interaction, so the pages can lead back to that login. */
export const forgotPasswordHref = (interactionUid: string) => `${FORGOT_PASSWORD_PATH}?interaction=${encodeURIComponent(interactionUid)}`;

const interactionUid = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/)
  .optional()
  .catch(undefined);
const forgotQuery = z.object({ interaction: interactionUid });
const forgotForm = z.object({ email: z.string().max(1024).catch(''), interaction: interactionUid });
const validEmail = z.string().trim().max(320).email();
const resetQuery = z.object({ token: z.string().max(256).catch('') });
const resetForm = z.object({
  token: z.string().max(256).catch(''),
  password: z.string().max(4096).catch(''),
  passwordConfirm: z.string().max(4096).catch(''),
});

interface Options {
  resets: PasswordResets;
  rateLimiter: RateLimiter;
  publicUrl: string;
}

/**
 * "Password dimenticata?" at the embedded provider: the request for a link, and the link's page to choose a new
 * password. Outside any login interaction: the link opens later, maybe in another browser.
 */
export async function passwordRoutes(app: FastifyInstance, { resets, rateLimiter, publicUrl }: Options) {
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  const loginHref = (uid: string | undefined) => (uid ? `/idp/interaction/${uid}/login` : undefined);
  const forgotHref = FORGOT_PASSWORD_PATH;

  app.get(FORGOT_PASSWORD_PATH, async (request, reply) => {
    const { interaction } = forgotQuery.parse(request.query ?? {});
    return sendHtml(reply, 200, forgotPasswordPage({ action: FORGOT_PASSWORD_PATH, interaction, loginHref: loginHref(interaction) }));
  });

  app.post(FORGOT_PASSWORD_PATH, async (request, reply) => {
    const { email, interaction } = forgotForm.parse(request.body ?? {});
    const page = (extra: { emailError?: string; error?: string }) =>
      forgotPasswordPage({ action: FORGOT_PASSWORD_PATH, interaction, loginHref: loginHref(interaction), email, ...extra });
    const address = validEmail.safeParse(email);
    const allowed = await withinLimits(
      reply,
      async () => {
        await rateLimiter.consume('passwordResetPerIp', request.ip);
        if (address.success) await rateLimiter.consume('passwordResetPerAddress', address.data.toLowerCase());
      },
      (error) => page({ error }),
    );
    if (!allowed) return reply;
    if (!address.success) return sendHtml(reply, 400, page({ emailError: passwordMessages.forgotInvalidEmail }));
    // Answered now, the same for every address; the link is stored and mailed after the answer.
    resets.request(address.data);
    return sendHtml(reply, 200, resetLinkSentPage({ loginHref: loginHref(interaction) }));
  });

  app.get(PASSWORD_RESET_PATH, async (request, reply) => {
    const { token } = resetQuery.parse(request.query ?? {});
    const state = await resets.inspect(token);
    if (state !== 'live') return sendHtml(reply, state === 'unknown' ? 404 : 410, unusableLinkPage(state, forgotHref));
    // The token stays in the form; the address bar loses it (and the page answers no-referrer: securityHeaders.ts).
    return sendHtml(reply, 200, withoutTokenInAddress(newPasswordPage({ action: PASSWORD_RESET_PATH, token })));
  });

  app.post(PASSWORD_RESET_PATH, async (request, reply) => {
    const { token, password, passwordConfirm } = resetForm.parse(request.body ?? {});
    // Choosing a password costs a hash: counted with the requests for a link from this address.
    const allowed = await withinLimits(
      reply,
      () => rateLimiter.consume('passwordResetPerIp', request.ip),
      (error) => newPasswordPage({ action: PASSWORD_RESET_PATH, token, error }),
    );
    if (!allowed) return reply;
    const state = await resets.inspect(token);
    if (state !== 'live') return sendHtml(reply, state === 'unknown' ? 404 : 410, unusableLinkPage(state, forgotHref));
    const problem = newPasswordProblem(password);
    if (problem) return sendHtml(reply, 400, newPasswordPage({ action: PASSWORD_RESET_PATH, token, passwordError: problem }));
    // A password typed unseen is typed twice: a slip would lock the person out of the account they just recovered.
    if (passwordConfirm !== password) {
      return sendHtml(reply, 400, newPasswordPage({ action: PASSWORD_RESET_PATH, token, confirmError: passwordMessages.confirmMismatch }));
    }
    const outcome = await resets.complete(token, password);
    if (outcome !== 'done') return sendHtml(reply, outcome === 'unknown' ? 404 : 410, unusableLinkPage(outcome, forgotHref));
    request.log.info({ event: 'idp.password_reset.completed' }, 'password chosen through a reset link');
    return sendHtml(reply, 200, passwordResetDonePage(`${publicUrl}/api/Jwt/login`));
  });
}
