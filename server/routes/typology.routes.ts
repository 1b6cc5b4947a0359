import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cityQuerySchema,
  lookupItemSchema,
  lookupListSchema,
  provinceListSchema,
  provinceQuerySchema,
  regionQuerySchema,
  type LookupItem,
} from '../../domain/lookups.ts';
import { lookupsMessages } from '../../domain/messages/lookups.ts';
import { FORMA_GIURIDICA_ALTRO_ID, organizationFieldLabels } from '../../domain/organization.ts';
import { puiLookupQueryLabels } from '../../domain/puiReference.ts';
import type { RouteAccess } from '../auth/access.ts';
import { HttpError } from '../errors.ts';
import type { ReferenceData } from '../reference/referenceData.ts';
import type { Territory } from '../reference/territory.ts';
import { formeGiuridiche } from '../reference/typologies.ts';
import { cachedJson, sendCachedJson, type CachedJson } from './cachedJson.ts';
import { errorResponses } from './errorResponses.ts';
import { labelFields } from './fieldErrors.ts';

const byName = (a: LookupItem, b: LookupItem) => a.name.localeCompare(b.name, 'it');
/** Reference lists: for any signed-in person. */
const signedIn: RouteAccess = 'user';
const config = { access: signedIn };
const errors = errorResponses(signedIn, [400, 404]);
const queryLabels = {
  regId: organizationFieldLabels.region!,
  provId: organizationFieldLabels.province!,
  cityId: puiLookupQueryLabels.cityId,
};

/** GET /api/Typology/*: the reference lists of spec §7, from memory, with HTTP caching. */
export const typologyRoutes: FastifyPluginAsyncZod<{ territory: Territory; reference: ReferenceData }> = async (
  app,
  { territory, reference },
) => {
  labelFields(app, queryLabels);
  const memo = new Map<string, CachedJson>();
  const cached = (key: string, compute: () => unknown) => {
    let entry = memo.get(key);
    if (!entry) memo.set(key, (entry = cachedJson(compute())));
    return entry;
  };
  const list = { response: { 200: lookupListSchema, ...errors } };

  const fixedLists: Record<string, () => LookupItem[]> = {
    // "Altro" closes the list, where people look for it after the named forms.
    GetAllFormaGiuridica: () => [
      ...formeGiuridiche.filter((f) => f.id !== FORMA_GIURIDICA_ALTRO_ID).sort(byName),
      ...formeGiuridiche.filter((f) => f.id === FORMA_GIURIDICA_ALTRO_ID),
    ],
    GetAllTourism: () => [...reference.areeTematiche].sort(byName),
    GetAllDesignlevel: () => reference.livelliProgettazione,
    GetAllCities: () => reference.cittaMetropolitane.map(({ id, name }) => ({ id, name })).sort(byName),
    GetTipoprogettiFinanz: () => [...reference.tipologieProgettiFinanziabili].sort(byName),
    GetAllRegione: () => territory.regions,
  };
  for (const [name, compute] of Object.entries(fixedLists)) {
    app.get(`/api/Typology/${name}`, { config, schema: list }, async (request, reply) => {
      sendCachedJson(request, reply, cached(name, compute));
      return reply;
    });
  }

  app.get(
    '/api/Typology/GetprovfromRegion',
    { config, schema: { querystring: regionQuerySchema, response: { 200: provinceListSchema, ...errors } } },
    async (request, reply) => {
      const { regId } = request.query;
      if (!territory.region(regId)) throw new HttpError(404, 'not_found', lookupsMessages.regionNotFound);
      sendCachedJson(
        request,
        reply,
        cached(`region:${regId}`, () => territory.provincesOf(regId)),
      );
      return reply;
    },
  );

  app.get('/api/Typology/GetComunefromProv', { config, schema: { querystring: provinceQuerySchema, ...list } }, async (request, reply) => {
    const { provId } = request.query;
    if (!territory.province(provId)) throw new HttpError(404, 'not_found', lookupsMessages.provinceNotFound);
    sendCachedJson(
      request,
      reply,
      cached(`province:${provId}`, () => territory.comuniOf(provId)),
    );
    return reply;
  });

  const cityOf = (cityId: number) => {
    const city = reference.city(cityId);
    if (!city) throw new HttpError(404, 'not_found', lookupsMessages.cityNotFound);
    return city;
  };

  app.get('/api/Typology/GetComuneFromCity', { config, schema: { querystring: cityQuerySchema, ...list } }, async (request, reply) => {
    const city = cityOf(request.query.cityId);
    sendCachedJson(
      request,
      reply,
      cached(`city:${city.id}`, () => territory.comuniOf(city.provinceId)),
    );
    return reply;
  });

  app.get(
    '/api/Typology/GetRegionFromCity',
    { config, schema: { querystring: cityQuerySchema, response: { 200: lookupItemSchema, ...errors } } },
    async (request, reply) => {
      const city = cityOf(request.query.cityId);
      sendCachedJson(
        request,
        reply,
        cached(`city-region:${city.id}`, () => {
          const province = territory.province(city.provinceId)!;
          return territory.region(province.regionId)!;
        }),
      );
      return reply;
    },
  );
};
