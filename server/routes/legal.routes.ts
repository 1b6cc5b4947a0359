import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/errors.ts';
import { legalTextSchema } from '../../domain/legal.ts';
import type { LegalTexts } from '../legal/legalTexts.ts';

/** GET /api/Legal/privacy and /api/Legal/accessibilita: the operator's texts, for everybody (no login). */
export const legalRoutes: FastifyPluginAsyncZod<{ texts: LegalTexts }> = async (app, { texts }) => {
  const schema = { response: { 200: legalTextSchema, 429: apiErrorSchema } };
  app.get('/api/Legal/privacy', { schema, config: { public: true } }, async () => texts.privacy);
  app.get('/api/Legal/accessibilita', { schema, config: { public: true } }, async () => texts.accessibilita);
};
