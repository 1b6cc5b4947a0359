import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupsMessages } from '../../domain/messages/lookups.ts';
import {
  puiCityQuerySchema,
  puiLookupListSchema,
  puiLookupQueryLabels,
  puiObiettiviSpecificiQuerySchema,
} from '../../domain/puiReference.ts';
import type { RouteAccess } from '../auth/access.ts';
import { HttpError } from '../errors.ts';
import type { ReferenceData } from '../reference/referenceData.ts';
import { cachedJson, sendCachedJson, type CachedJson } from './cachedJson.ts';
import { errorResponses } from './errorResponses.ts';
import { labelFields } from './fieldErrors.ts';

/** Reference lists: for any signed-in person. */
const signedIn: RouteAccess = 'user';
const config = { access: signedIn };
const list = { response: { 200: puiLookupListSchema, ...errorResponses(signedIn, [400, 404]) } };

/**
 * GET /api/Pui/… reference lists of the PUI wizard (spec §7 Applications, Lookups), from the data files
 * loaded at start, with the same HTTP caching as the Typology lookups. Lists keep the files' order: the
 * operator who writes a file decides how people see it.
 */
export const puiLookupsRoutes: FastifyPluginAsyncZod<{ reference: ReferenceData }> = async (app, { reference }) => {
  labelFields(app, puiLookupQueryLabels);
  const memo = new Map<string, CachedJson>();
  const cached = (key: string, compute: () => unknown) => {
    let entry = memo.get(key);
    if (!entry) memo.set(key, (entry = cachedJson(compute())));
    return entry;
  };
  /** An unknown city is a 404, as in GET /api/Typology/GetComuneFromCity. */
  const cityOf = (cityId: number) => {
    const city = reference.city(cityId);
    if (!city) throw new HttpError(404, 'not_found', lookupsMessages.cityNotFound);
    return city;
  };

  app.get('/api/Pui/GetObiettiviGenerali', { config, schema: list }, async (request, reply) => {
    sendCachedJson(
      request,
      reply,
      cached('obiettivi-generali', () => reference.obiettiviGenerali),
    );
    return reply;
  });

  app.get('/api/Pui/GetFinalitaGenerali', { config, schema: list }, async (request, reply) => {
    sendCachedJson(
      request,
      reply,
      cached('finalita-generali', () => reference.finalitaGenerali),
    );
    return reply;
  });

  app.get('/api/Pui/GetAllPuiFromCity', { config, schema: { querystring: puiCityQuerySchema, ...list } }, async (request, reply) => {
    const city = cityOf(request.query.cityId);
    sendCachedJson(
      request,
      reply,
      cached(`pui:${city.id}`, () => reference.puiOfCity(city.id)),
    );
    return reply;
  });

  app.get(
    '/api/Pui/GetPuiObiettiviSpecifici',
    { config, schema: { querystring: puiObiettiviSpecificiQuerySchema, ...list } },
    async (request, reply) => {
      const { obbGeneraleId } = request.query;
      const city = cityOf(request.query.cityId);
      sendCachedJson(
        request,
        reply,
        cached(`obiettivi-specifici:${obbGeneraleId}:${city.id}`, () => reference.obiettiviSpecificiOf(obbGeneraleId, city.id)),
      );
      return reply;
    },
  );
};
