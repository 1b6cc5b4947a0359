import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What operators and orchestrators probe, often by IP: answered on any address, never redirected. */
const PROBES = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

interface Options {
  /** PUBLIC_URL: the one address the sign-in works on (its redirect URIs, its cookies, the issuer). */
  publicUrl: string;
  /** TRUST_PROXY: the address people used is the one the proxy forwards (X-Forwarded-Host). */
  trustProxy: boolean;
}

/**
 * The address the person's browser used, when the request tells it reliably; null otherwise. Behind a trusted
 * proxy it is X-Forwarded-Host (without it the Host is the proxy's own upstream address, so nothing is known).
 * Without TRUST_PROXY, a request that still carries a proxy's headers came through one whose Host may be its
 * upstream too: redirecting it would loop, so it is left alone (docs/CONFIGURATION.md asks for TRUST_PROXY).
 */
function addressUsed(request: FastifyRequest, trustProxy: boolean): string | null {
  const { headers } = request;
  if (trustProxy) {
    const forwarded = headers['x-forwarded-host'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || null;
  }
  if (headers['x-forwarded-host'] || headers['x-forwarded-for'] || headers.forwarded) return null;
  return headers.host ?? null;
}

/** Whether `host` (name and port as a browser sends it) is PUBLIC_URL's, the scheme's default port included. */
function isPublicHost(host: string, publicUrl: URL): boolean {
  try {
    return new URL(`${publicUrl.protocol}//${host}`).host === publicUrl.host;
  } catch {
    return true; // not an address at all: nothing to redirect to safely; the request goes on as before
  }
}

/**
 * A page opened on another address than PUBLIC_URL (http://127.0.0.1:3100 for http://localhost:3100) is sent to
 * PUBLIC_URL before anything starts (issue 46): there the sign-in would create the account and then fail, its
 * state cookie set on one address and the provider's answer coming back to the other. Only a browser's page
 * loads are redirected (GET or HEAD asking for HTML): the API is called by a page already on the right address,
 * and the probes answer on any. The scheme is not compared: behind a TLS proxy without TRUST_PROXY every request
 * looks like plain HTTP, and a redirect would never end. 307 and no-store: PUBLIC_URL may change, nothing keeps it.
 */
export const publicOrigin = fp(
  async (app: FastifyInstance, { publicUrl, trustProxy }: Options) => {
    const target = new URL(publicUrl);
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (PROBES.has(request.url.split('?')[0]!)) return;
      if (!String(request.headers.accept ?? '').includes('text/html')) return;
      const host = addressUsed(request, trustProxy);
      if (host === null || isPublicHost(host, target)) return;
      // PUBLIC_URL and the path as it came ('//elsewhere' stays a path here: no open redirect).
      return reply.code(307).header('location', `${publicUrl}${request.url}`).header('cache-control', 'no-store').send();
    });
  },
  { name: 'public-origin' },
);

/**
 * What the log says at start about the address to open: PUBLIC_URL, and that another one (the listening address
 * an operator may try first, http://127.0.0.1:3100) only redirects there.
 */
export function publicUrlNotice({ publicUrl, host, port }: { publicUrl: string; host: string; port: number }): string {
  const listening = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const other = `http://${listening}:${port}`;
  const redirected = new URL(other).host === new URL(publicUrl).host ? 'any other address' : `any other address, such as ${other},`;
  return `open ${publicUrl} (PUBLIC_URL): pages opened on ${redirected} are redirected there; set PUBLIC_URL to the address people use`;
}
