import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Tokens and people's data must not stay in a browser's or a proxy's cache: every /api answer that does not
 * choose its own caching (reference lists do: `private, max-age`, see routes/cachedJson.ts) is `no-store`,
 * with `Pragma: no-cache` for HTTP/1.0 caches. The provider's token, userinfo and session answers (hijacked,
 * so set on the raw response before oidc-provider writes them) get the same; its discovery and keys do not.
 */
const CACHEABLE_PROVIDER_PATHS = ['/idp/.well-known/', '/idp/jwks'];

export const noStore = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const { url } = request.raw;
      if (!url?.startsWith('/idp/') || CACHEABLE_PROVIDER_PATHS.some((path) => url.startsWith(path))) return;
      reply.raw.setHeader('cache-control', 'no-store');
      reply.raw.setHeader('pragma', 'no-cache');
    });
    app.addHook('onSend', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const chosen = reply.getHeader('cache-control');
      if (chosen === undefined) reply.header('cache-control', 'no-store');
      if (String(reply.getHeader('cache-control')).includes('no-store')) reply.header('pragma', 'no-cache');
    });
  },
  { name: 'no-store' },
);
