import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import { z } from 'zod';
import { normaliseEmail, type AccountStore, type IdpAccount } from './accounts.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';
import { forgotPasswordHref } from './passwordRoutes.ts';
import { loginPage, messagePage, registrationPage, registrationSentPage, type RegistrationErrors } from './pages.ts';
import { plainText } from '../../domain/plainText.ts';
import type { RateLimiter } from '../rateLimits/rateLimiter.ts';
import { createPasswordAttempts } from '../rateLimits/passwordAttempts.ts';
import { sendHtml, withinLimits } from './htmlReplies.ts';
import { identityProviderMessages as m } from '../../domain/messages/identityProvider.ts';
import { passwordMessages } from '../../domain/messages/password.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import type { EmailVerificationSender } from './emailVerification.ts';
import { fiscalCodeProblem, normaliseFiscalCode } from '../../domain/fiscalCode.ts';
import { fiscalCodeMessage } from '../../domain/messages/fiscalCode.ts';

const uidParams = z.object({ uid: z.string().min(1).max(128) });
const loginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });
const registrationForm = z.object({
  firstName: z.string().trim().min(1, m.firstNameRequired).max(100, m.firstNameTooLong).superRefine(plainText('line')),
  lastName: z.string().trim().min(1, m.lastNameRequired).max(100, m.lastNameTooLong).superRefine(plainText('line')),
  email: z.string().trim().max(320).email(passwordMessages.forgotInvalidEmail),
  password: z.string().min(MIN_PASSWORD_LENGTH, passwordMessages.tooShort).max(1024, passwordMessages.tooLong),
  // Optional: empty means not given; otherwise a valid personal code, normalised (upper case, no spaces, no TINIT-).
  fiscalCode: z
    .string()
    .max(100)
    .transform(normaliseFiscalCode)
    .superRefine((code, ctx) => {
      const problem = code === '' ? null : fiscalCodeProblem(code);
      if (problem) ctx.addIssue({ code: 'custom', message: fiscalCodeMessage(problem) });
    })
    .transform((code) => (code === '' ? undefined : code)),
  // The checkbox sends its value only when ticked.
  terms: z.literal('accepted', { error: verificationMessages.termsRequired }),
});

interface Options {
  provider: Provider;
  accounts: AccountStore;
  publicUrl: string;
  rateLimiter: RateLimiter;
  emailVerification: EmailVerificationSender;
  /** The version of the privacy notice the registration page links: stored with each account's consent. */
  privacyNoticeVersion: string;
}

/**
 * Our Italian login and registration pages for oidc-provider's interactions. Consent is implicit: the
 * portal is the provider's only client, so the scopes it asks for are granted without a question.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { provider, accounts, publicUrl, rateLimiter, emailVerification, privacyNoticeVersion }: Options,
) {
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  const paths = (uid: string) => ({
    base: `/idp/interaction/${uid}`,
    login: `/idp/interaction/${uid}/login`,
    register: `/idp/interaction/${uid}/register`,
  });

  /** The pending interaction for this browser, or an Italian page explaining that the login must restart. */
  async function loadInteraction(request: FastifyRequest, reply: FastifyReply) {
    const { uid } = uidParams.parse(request.params);
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== uid) throw new oidcErrors.SessionNotFound('interaction mismatch');
      return details;
    } catch (error) {
      if (!(error instanceof oidcErrors.OIDCProviderError)) throw error;
      sendHtml(
        reply,
        400,
        messagePage({
          title: m.interactionExpiredTitle,
          message: m.interactionExpired,
          linkHref: `${publicUrl}/`,
          linkText: verificationMessages.backToPortal,
        }),
      );
      return undefined;
    }
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionResult']>[2]) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: true });
    return reply.redirect(returnTo, 303);
  }

  app.get('/idp/interaction/:uid', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    const { uid, prompt, params, session, grantId } = interaction;
    const { login, register } = paths(uid);

    if (prompt.name === 'create') return sendHtml(reply, 200, registrationPage({ action: register, loginHref: login }));
    if (prompt.name === 'login') {
      const email = typeof params.login_hint === 'string' ? params.login_hint : undefined;
      return sendHtml(reply, 200, loginPage({ action: login, registerHref: register, email, forgotHref: forgotPasswordHref(uid) }));
    }
    if (prompt.name === 'consent' && session?.accountId) {
      const grant = grantId
        ? await provider.Grant.find(grantId)
        : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
      if (!grant) return finish(request, reply, { error: 'access_denied', error_description: 'grant not found' });
      const details = prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const savedGrantId = await grant.save();
      return finish(request, reply, { consent: grantId ? {} : { grantId: savedGrantId } });
    }
    return finish(request, reply, { error: 'access_denied', error_description: `unsupported prompt ${prompt.name}` });
  });

  app.get('/idp/interaction/:uid/login', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    const { login, register } = paths(interaction.uid);
    return sendHtml(reply, 200, loginPage({ action: login, registerHref: register, forgotHref: forgotPasswordHref(interaction.uid) }));
  });

  const passwordAttempts = createPasswordAttempts(rateLimiter);
  app.post('/idp/interaction/:uid/login', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    const { login, register } = paths(interaction.uid);
    const form = loginForm.safeParse(request.body ?? {});
    const email = form.success ? form.data.email.trim() : '';
    const password = form.success ? form.data.password : '';
    // Wrong passwords are limited, right ones never (server/rateLimits/passwordAttempts.ts).
    const signIn: { account?: IdpAccount } = {};
    const allowed = await withinLimits(
      reply,
      async () => {
        signIn.account = await passwordAttempts.attempt(
          normaliseEmail(email),
          request.ip,
          async () => (email && password ? accounts.authenticate(email, password) : undefined),
          passwordMessages.loginSuspended,
        );
      },
      (error) => loginPage({ action: login, registerHref: register, email, error, forgotHref: forgotPasswordHref(interaction.uid) }),
    );
    if (!allowed) return reply;
    const { account } = signIn;
    if (!account) {
      request.log.info({ event: 'idp.login.failed' }, 'login refused');
      return sendHtml(
        reply,
        401,
        loginPage({
          action: login,
          registerHref: register,
          email,
          error: m.invalidCredentials,
          forgotHref: forgotPasswordHref(interaction.uid),
        }),
      );
    }
    return finish(request, reply, { login: { accountId: account.id }, create: {} });
  });

  app.get('/idp/interaction/:uid/register', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    const { login, register } = paths(interaction.uid);
    return sendHtml(reply, 200, registrationPage({ action: register, loginHref: login }));
  });

  app.post('/idp/interaction/:uid/register', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    const { login, register } = paths(interaction.uid);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const values = {
      firstName: typeof raw.firstName === 'string' ? raw.firstName : '',
      lastName: typeof raw.lastName === 'string' ? raw.lastName : '',
      email: typeof raw.email === 'string' ? raw.email : '',
      fiscalCode: typeof raw.fiscalCode === 'string' ? raw.fiscalCode : '',
    };
    const parsed = registrationForm.safeParse({
      ...values,
      password: typeof raw.password === 'string' ? raw.password : '',
      terms: raw.terms,
    });
    const rerender = (errors: RegistrationErrors) =>
      sendHtml(reply, 400, registrationPage({ action: register, loginHref: login, values, errors }));
    const allowed = await withinLimits(
      reply,
      () => rateLimiter.consume('registrationPerIp', request.ip),
      (error) => registrationPage({ action: register, loginHref: login, values, error }),
    );
    if (!allowed) return reply;

    if (!parsed.success) {
      const errors: RegistrationErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof RegistrationErrors;
        errors[key] ??= issue.message;
      }
      return rerender(errors);
    }
    // The same answer, after the same work (a password hashed, one mail), whether the address is new or already
    // has an account: only the mail, which its owner alone reads, says which. Nobody is signed in here: the
    // person comes back through Accedi, in this same interaction.
    const account = await accounts.register({ ...parsed.data, termsAcceptedAt: new Date(), privacyNoticeVersion });
    if (account) {
      request.log.info({ event: 'idp.account.created', accountId: account.id }, 'account registered');
      // Only the request that created the account mails the link: a second click finds the address taken.
      await emailVerification.sendAfterRegistration(account);
    } else {
      const existing = await accounts.findByEmail(parsed.data.email);
      request.log.info({ event: 'idp.account.registration_for_existing', accountId: existing?.id }, 'registration for a known address');
      if (existing) await emailVerification.sendAccountExists(existing);
    }
    return sendHtml(reply, 200, registrationSentPage({ loginHref: login }));
  });
}
