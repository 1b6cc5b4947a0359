import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AccountStore } from './accounts.ts';
import type { RateLimiter } from '../rateLimits/rateLimiter.ts';
import { interactionRoutes } from './interactions.ts';
import type { PasswordResets } from './passwordResets.ts';
import { passwordRoutes } from './passwordRoutes.ts';
import type { EmailVerificationSender } from './emailVerification.ts';
import { emailVerificationRoutes } from './verificationRoutes.ts';
import { DROP_TOKEN_SCRIPT, EMAIL_VERIFIED_SCRIPT, IDP_STYLESHEET, LOGOUT_SCRIPT } from './pages.ts';
import { IDP_MOUNT_PATH } from '../config.ts';
import { identityProviderMessages } from '../../domain/messages/identityProvider.ts';
import { projectPath } from '../projectRoot.ts';

// Packages are resolved from the project, whether this runs as source or bundled (server/projectRoot.ts).
const require = createRequire(projectPath('package.json'));
const fontFiles = path.join(path.dirname(require.resolve('@fontsource/titillium-web/package.json')), 'files');
const FONT_NAMES = new Set(['titillium-web-latin-400-normal.woff2', 'titillium-web-latin-600-normal.woff2']);

interface Options {
  provider: Provider;
  accounts: AccountStore;
  publicUrl: string;
  rateLimiter: RateLimiter;
  passwordResets: PasswordResets;
  emailVerification: EmailVerificationSender;
  privacyNoticeVersion: string;
}

/** Mounts the embedded OpenID Connect provider at /idp, with our own pages for its interactions. */
export async function embeddedIdpPlugin(app: FastifyInstance, options: Options) {
  const callback = options.provider.callback();

  // The pages' forms send urlencoded bodies, which each page's routes read (@fastify/formbody). A JSON or text
  // body is no form: Fastify's 415, with its Italian message (server/errors.ts), instead of a value the forms
  // were never written for.
  app.removeContentTypeParser(['application/json', 'text/plain']);

  await app.register(interactionRoutes, options);
  await app.register(passwordRoutes, { resets: options.passwordResets, rateLimiter: options.rateLimiter, publicUrl: options.publicUrl });
  await app.register(emailVerificationRoutes, options);

  // The pages' stylesheet and script, as files: the Content-Security-Policy allows nothing inline.
  const pageAssets: Record<string, { type: string; body: string }> = {
    'idp.css': { type: 'text/css; charset=utf-8', body: IDP_STYLESHEET },
    'logout.js': { type: 'text/javascript; charset=utf-8', body: LOGOUT_SCRIPT },
    'email-verified.js': { type: 'text/javascript; charset=utf-8', body: EMAIL_VERIFIED_SCRIPT },
    'drop-token.js': { type: 'text/javascript; charset=utf-8', body: DROP_TOKEN_SCRIPT },
  };

  app.get<{ Params: { file: string } }>('/idp-assets/:file', (request, reply) => {
    const { file } = request.params;
    const asset = Object.hasOwn(pageAssets, file) ? pageAssets[file] : undefined;
    if (asset) return reply.header('cache-control', 'no-cache').type(asset.type).send(asset.body);
    if (!FONT_NAMES.has(file)) return reply.code(404).send({ error: 'not_found', message: identityProviderMessages.assetNotFound });
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('font/woff2')
      .send(createReadStream(path.join(fontFiles, file)));
  });

  // The provider builds every URL it advertises or redirects to (discovery, endpoints, its forms) from the request's
  // scheme and host. It is shown the public origin, always: behind a TLS proxy the request reached us over plain HTTP
  // (with TRUST_PROXY or not), and a Host header is whatever the client typed. The client address is the one Fastify
  // worked out (X-Forwarded-For only with TRUST_PROXY).
  const publicOrigin = new URL(options.publicUrl);
  const publicProtocol = publicOrigin.protocol.slice(0, -1);

  // The provider reads its own request bodies (token, revocation, logout forms): Fastify must leave them unread.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(IDP_MOUNT_PATH.length) || '/';
      raw.headers['x-forwarded-proto'] = publicProtocol;
      raw.headers['x-forwarded-host'] = publicOrigin.host;
      raw.headers['x-forwarded-for'] = request.ip;
      callback(raw, reply.raw);
    };
    scope.all(IDP_MOUNT_PATH, handler);
    scope.all(`${IDP_MOUNT_PATH}/*`, handler);
  });
}
