import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { INVITATION_PATH } from '../../domain/invitation.ts';
import { EMAIL_VERIFICATION_PATH } from '../mail/verificationMail.ts';
import { PASSWORD_RESET_PATH } from '../idp/passwordResets.ts';

/**
 * The browser's protections, on every answer: the single-page client, the API and the embedded provider's
 * pages alike. They are written on the raw response in `onRequest`, before any handler runs, because the
 * provider's answers are hijacked (written by oidc-provider straight to the socket) and never pass through
 * Fastify's `onSend`.
 *
 * Scripts: only the portal's own files, no inline script and no eval (src/zodWithoutEval.ts tells zod so).
 * The client is Vite's built files; the provider's pages load their stylesheet and their one script from
 * /idp-assets/. When oidc-provider itself writes an auto-submitting form, it finds this `script-src` already
 * set and appends the hash of that script.
 *
 * Styles allow inline: SurveyJS 3 writes its theme as `<style>` elements whose text it computes from the page
 * (box-shadow resets read with getComputedStyle), so no hash can name them, and react-aria inserts its own. A
 * style cannot run code; what an injected one could do needs HTML injection first, which React's escaping and
 * the script policy already stop. vanilla-extract's styles are extracted .css files and need nothing.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Nothing the portal does needs these; a page that is taken over cannot ask for them either. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

interface Options {
  /** PUBLIC_URL is https: every answer was reached over https, whatever the socket says (a proxy in front). */
  publicUrlIsHttps: boolean;
}

/**
 * The pages mailed links open, with a token in their address (a password reset, an address's verification, an
 * invitation): no request they make says where it came from, not even to the portal itself, so the token
 * cannot end up in a log or a Referer. The pages also take the token out of the address once they hold it.
 */
const TOKEN_LINK_PATHS: ReadonlySet<string> = new Set([PASSWORD_RESET_PATH, EMAIL_VERIFICATION_PATH, INVITATION_PATH]);

function referrerPolicyFor(url: string): 'no-referrer' | 'same-origin' {
  const path = url.split('?')[0]!.replace(/\/+$/, '').toLowerCase();
  return TOKEN_LINK_PATHS.has(path) ? 'no-referrer' : 'same-origin';
}

export function securityHeadersFor(request: FastifyRequest, { publicUrlIsHttps }: Options): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': referrerPolicyFor(request.url),
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
  };
  // request.protocol reads X-Forwarded-Proto only with TRUST_PROXY (Fastify's trustProxy); otherwise the socket's.
  if (publicUrlIsHttps || request.protocol === 'https') headers['strict-transport-security'] = STRICT_TRANSPORT_SECURITY;
  return headers;
}

export const securityHeaders = fp<Options>(
  async (app: FastifyInstance, options) => {
    app.addHook('onRequest', async (request, reply) => {
      for (const [name, value] of Object.entries(securityHeadersFor(request, options))) reply.raw.setHeader(name, value);
    });
  },
  { name: 'security-headers' },
);
