import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legalTextSchema } from '../../domain/legal.ts';
import type { RouteAccess } from '../auth/access.ts';
import type { LegalTexts } from '../legal/legalTexts.ts';
import { errorResponses } from './errorResponses.ts';

const anyone: RouteAccess = 'anonymous';

/** GET /api/Legal/privacy and /api/Legal/accessibilita: the operator's texts, for everybody (no login). */
export const legalRoutes: FastifyPluginAsyncZod<{ texts: LegalTexts }> = async (app, { texts }) => {
  const options = { config: { access: anyone }, schema: { response: { 200: legalTextSchema, ...errorResponses(anyone, [429]) } } };
  app.get('/api/Legal/privacy', options, async () => texts.privacy);
  app.get('/api/Legal/accessibilita', options, async () => texts.accessibilita);
};
