import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { messages } from '../../domain/messages.ts';
import { idSchema } from '../../domain/idSchema.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { selected } from '../support/organizationFixtures.ts';

/**
 * A malformed id names nothing: every route that takes an id (declared `idSchema` in its query or JSON body, read
 * here from the routes the app registers) answers it 404 with the body of an object that does not exist, before
 * anything else is looked at. The SelectedOrganizationId header, which no schema reads, answers the same.
 */
const NOT_FOUND = { error: 'not_found', message: messages.generic.notFound };

let t: TestApp;
let token: string;
const registered: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => void registered.push(route) });
  token = (await t.loginAsAdmin()).token;
}, 60_000);
afterAll(async () => t?.close());

/** The keys of a schema's object whose value is `idSchema` (required, optional or nullable). */
function idKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, ZodType> } | undefined)?.shape;
  if (!shape) return [];
  const isId = (value: ZodType): boolean =>
    value === idSchema || ('unwrap' in value && typeof value.unwrap === 'function' && isId(value.unwrap() as ZodType));
  return Object.entries(shape)
    .filter(([, value]) => isId(value))
    .map(([key]) => key);
}

/** Every (route, where, key) that names an object by an id. */
function idParameters() {
  return registered
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .flatMap((method) => {
          const multipart = route.schema?.multipartBody !== undefined;
          return [
            ...idKeys(route.schema?.querystring).map((key) => ({ method, url: route.url, where: 'query' as const, key, multipart })),
            ...idKeys(route.schema?.body).map((key) => ({ method, url: route.url, where: 'body' as const, key, multipart })),
          ];
        }),
    );
}

describe('a malformed id', () => {
  it('is 404 not_found on every route that takes one, in its query or its body', async () => {
    const parameters = idParameters();
    expect(parameters.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const { method, url, where, key, multipart } of parameters) {
      // An upload is refused before anything else when it is not multipart: it is sent as one, empty.
      const upload = multipart ? { payload: '--x--\r\n', contentType: 'multipart/form-data; boundary=x' } : undefined;
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        query: where === 'query' ? { [key]: 'nonsense' } : {},
        ...(where === 'body' ? { payload: { [key]: "1' or '1'='1" } } : upload ? { payload: upload.payload } : {}),
        headers: { authorization: `Bearer ${token}`, ...(upload ? { 'content-type': upload.contentType } : {}) },
      });
      const body = response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : response.body;
      if (response.statusCode !== 404 || JSON.stringify(body) !== JSON.stringify(NOT_FOUND)) {
        answers.push(`${method} ${url} (${where} ${key}): ${response.statusCode} ${JSON.stringify(body)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('in the SelectedOrganizationId header answers the same', async () => {
    const response = await t.get('/api/Organization/GetOrganization', token, selected('nonsense'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });
});
