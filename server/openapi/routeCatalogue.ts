import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import type { ZodObject } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart/form-data body that the handler reads part by part as it streams (an upload): Fastify does
     * not validate it (the body is not parsed before the handler runs), the OpenAPI document shows it.
     */
    multipartBody?: ZodObject;
  }
}

/** One API route as the app registered it: what the OpenAPI document is built from. */
export interface CataloguedRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  config: FastifyContextConfig | undefined;
}

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Collects every /api route as it is registered (an `onRoute` hook on the root, so it sees the routes of
 * every plugin registered after it). HEAD routes, which Fastify adds beside each GET, are left out. Only
 * references are kept: the document is built from them on its first request (server/openapi/openApiDocument.ts).
 */
export function catalogueApiRoutes(app: FastifyInstance): readonly CataloguedRoute[] {
  const routes: CataloguedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema, config: route.config });
    }
  });
  return routes;
}
