import type { FastifyInstance } from 'fastify';
import { assertJsonWithinLimits, jsonProblem, jsonProblemError } from './jsonInput.ts';

/**
 * What every request's input must respect before a route sees it, for every route (the API, the identity
 * provider's pages): JSON bodies no deeper than MAX_JSON_DEPTH, checked as they are parsed; no U+0000, no lone
 * UTF-16 surrogate and no prototype key (`__proto__`, `constructor`, `prototype`) in the query, the path
 * parameters or a parsed body, refused with 400 naming the field (server/jsonInput.ts: the one place, which
 * the JSON texts inside bodies pass too). The size of a body is bounded by Fastify's bodyLimit (413).
 */
export function installInputLimits(app: FastifyInstance) {
  // JSON.parse makes `__proto__` an own key, never the prototype: jsonProblem refuses it below, in Italian,
  // instead of the parser's generic refusal.
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      const problem = jsonProblem(value);
      if (problem?.kind === 'too_deep') return done(jsonProblemError(problem), undefined);
      done(null, value);
    });
  });

  app.addHook('preValidation', async (request) => {
    assertJsonWithinLimits(request.query);
    assertJsonWithinLimits(request.params);
    assertJsonWithinLimits(request.body);
  });
}
