import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../auth/access.ts';
import { errorResponses } from '../routes/errorResponses.ts';
import type { CataloguedRoute } from './routeCatalogue.ts';

/** The answer's outline; the document itself is OpenAPI 3.1 (its schema is the OpenAPI specification's). */
const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('Questo documento, OpenAPI 3.1.');
type OpenApiDocumentOutline = z.infer<typeof openApiDocumentSchema>;

export interface OpenApiRouteOptions {
  /** Every /api route the app registers (server/openapi/routeCatalogue.ts), complete once the app is ready. */
  routes: readonly CataloguedRoute[];
  publicUrl: string;
}

/**
 * GET /api/openapi.json: the API described in OpenAPI 3.1, generated from the routes' own schemas. Platform
 * administrators only, with a bearer token like the rest of the API: the reference page that shows it
 * (/api/docs) is theirs, and a map of every operation and its limits is not handed to anyone who asks.
 * Built once, on the first request (the routes do not change while the process runs), and kept as text.
 */
export const openApiRoutes: FastifyPluginAsyncZod<OpenApiRouteOptions> = async (app, { routes, publicUrl }) => {
  let documentText: Promise<string> | undefined;
  const build = async () => {
    const { buildOpenApiDocument } = await import('./openApiDocument.ts');
    return JSON.stringify(await buildOpenApiDocument(routes, { publicUrl }));
  };

  const adminOnly: RouteAccess = 'admin';
  app.get(
    '/api/openapi.json',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['OpenAPI'],
        operationId: 'GetOpenApiDocument',
        response: { 200: openApiDocumentSchema, ...errorResponses(adminOnly) },
      },
    },
    async (_request, reply) => {
      documentText ??= build().catch((error: unknown) => {
        documentText = undefined;
        throw error;
      });
      // The text is sent as it is: the serialiser would walk the whole document again for each request.
      const text = await documentText;
      return reply.type('application/json; charset=utf-8').send(text as unknown as OpenApiDocumentOutline);
    },
  );
};
