import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifySchema, RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * GET /api/openapi.json: the API described in OpenAPI 3.1 from the routes' own schemas. The document is checked
 * against the OpenAPI 3.1 specification's schema, then against the routes the app really registers (seen here
 * with an `onRoute` hook of the test's own): every one documented, each with the schemas of what it takes and
 * what it answers.
 */
type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type SchemaObject = OpenAPIV3_1.SchemaObject;

/** Routes under /api that are not operations of the API, with the reason. */
const NOT_OPERATIONS: Record<string, string> = {
  'GET /api/docs': 'the reference page: the SPA (index.html, when the client is built), which fetches the document',
};

/**
 * POST routes without a body, with the reason: each takes its input in the query string, as the spec names it,
 * and must declare that query's schema.
 */
const WITHOUT_BODY: Record<string, string> = {
  'POST /api/Organization/GetPIva': 'the VAT number to look up is the pIva query parameter (spec §7)',
  'POST /api/Organization/RemoveMember': 'organizationId and userId are query parameters (spec §7)',
};
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/**
 * Statuses a read-only GET cannot produce: 409 (a conflicting change), 412 (a stale version) and 413 (a body too
 * large) answer a write. A GET that declares one is listed here with the reason it really answers it.
 */
const WRITE_ONLY_STATUSES = ['409', '412', '413'];
const GET_WRITE_STATUSES: Record<string, string> = {
  'GET /api/SJSurvey/GetSurveyValidation': '409 when a survey the application needs has no definition',
  'GET /api/Domanda/DownloadDomanda': '409 while the application is not complete enough to make its Domanda',
  'GET /api/BulkAction/DownloadResult': '409 while the bulk action is still running',
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

let t: TestApp;
const registered: RouteOptions[] = [];
let document: Document;

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => void registered.push(route) });
  const admin = await t.loginAsAdmin();
  const response = await t.get('/api/openapi.json', admin.token);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json<Document>();
}, 60_000);
afterAll(async () => t?.close());

/** Every registered /api route as 'METHOD /path' with its schema (HEAD, which Fastify adds beside GET, left out). */
function apiRoutes(): { key: string; schema: FastifySchema }[] {
  return registered
    .filter((route) => route.url === '/api' || route.url.startsWith('/api/'))
    .flatMap((route) => [route.method].flat().map((method) => ({ key: `${method} ${route.url}`, schema: route.schema ?? {} })))
    .filter(({ key }) => !key.startsWith('HEAD '));
}

function operations(): { key: string; operation: Operation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ key: `${method.toUpperCase()} ${path}`, operation: item[method] }] : [])),
  );
}

function resolve<T extends object>(value: T | OpenAPIV3_1.ReferenceObject): T {
  if (!('$ref' in value)) return value;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  return resolve(target as T);
}

describe('GET /api/openapi.json', () => {
  it('is the API’s own, like the API: 401 without a token, 403 for anyone but a platform administrator', async () => {
    const anonymous = await t.get('/api/openapi.json');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) });
    const applicant = await t.register();
    const refused = await t.get('/api/openapi.json', applicant.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden' });
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
  });

  it('documents every /api route the app registers, and nothing else', () => {
    const routes = apiRoutes();
    const hidden = routes.filter(({ schema }) => schema.hide).map(({ key }) => key);
    for (const key of hidden) expect(NOT_OPERATIONS, `${key} is hidden from the document without a reason`).toHaveProperty([key]);
    const expected = routes.map(({ key }) => key).filter((key) => !hidden.includes(key));
    expect(
      operations()
        .map(({ key }) => key)
        .sort(),
    ).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(70);
  });

  it('every route declares the schemas of what it takes and answers', () => {
    const missing: string[] = [];
    for (const { key, schema } of apiRoutes()) {
      if (schema.hide) continue;
      const statuses = Object.keys((schema.response ?? {}) as object);
      if (!statuses.some((status) => /^[23]\d\d$/.test(status))) missing.push(`${key}: no success response schema`);
      const method = key.split(' ')[0]!;
      const hasBody = schema.body !== undefined || schema.multipartBody !== undefined;
      if (BODY_METHODS.has(method) && !hasBody) {
        if (!WITHOUT_BODY[key]) missing.push(`${key}: no body schema`);
        else if (!schema.querystring) missing.push(`${key}: takes its input in the query, but declares no querystring schema`);
      }
      if (WITHOUT_BODY[key] && hasBody) missing.push(`${key}: has a body now; remove it from WITHOUT_BODY`);
    }
    expect(missing).toEqual([]);
  });

  it('a read-only GET declares no 409, 412 or 413 it cannot produce', () => {
    const declared = apiRoutes()
      .filter(({ key }) => key.startsWith('GET ') && !GET_WRITE_STATUSES[key])
      .flatMap(({ key, schema }) =>
        Object.keys((schema.response ?? {}) as object)
          .filter((status) => WRITE_ONLY_STATUSES.includes(status))
          .map((status) => `${key} ${status}`),
      );
    expect(declared).toEqual([]);
  });

  it('every error answer has the error shape { error, message }', () => {
    for (const { key, operation } of operations()) {
      const responses = Object.entries(operation.responses ?? {});
      expect(
        responses.map(([status]) => status),
        key,
      ).toContain('default');
      for (const [status, response] of responses) {
        if (!/^[45]\d\d$|^default$/.test(status)) continue;
        const content = resolve<OpenAPIV3_1.ResponseObject>(response).content?.['application/json'];
        const schema = resolve<SchemaObject>(content?.schema ?? {});
        expect(schema.required, `${key} ${status}`).toEqual(expect.arrayContaining(['error', 'message']));
      }
    }
  });

  it('describes the bearer token, the open login routes and the SelectedOrganizationId header', () => {
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const publicRoutes = registered
      .filter((route) => route.config?.access === 'anonymous' && route.method !== 'HEAD')
      .map((route) => route.url);
    expect(publicRoutes).toContain('/api/Jwt/token-exchange');
    for (const { key, operation } of operations()) {
      const isPublic = publicRoutes.includes(key.split(' ')[1]!);
      const header = (operation.parameters ?? []).some((parameter) => resolve(parameter).name === 'SelectedOrganizationId');
      if (isPublic) {
        expect(operation.security, key).toEqual([]);
        expect(header, key).toBe(false);
      } else {
        expect(operation.security, key).toBeUndefined();
        expect(header, key).toBe(true);
        expect(operation.responses?.['401'], key).toBeDefined();
      }
    }
  });

  it('shows query parameters, JSON bodies, the upload’s multipart form and file downloads', () => {
    const operation = (path: string, method: (typeof METHODS)[number]) => document.paths?.[path]?.[method];
    const compilation = operation('/api/Tur/GetTurCompilazione', 'get')!;
    expect(compilation.tags).toEqual(['Tur']);
    expect(compilation.parameters).toContainEqual(expect.objectContaining({ name: 'orgId', in: 'query', required: true }));
    const draft = resolve(operation('/api/DraftCompilazione/CreateDraftCompilazione', 'post')!.requestBody!);
    expect(Object.keys(draft.content)).toEqual(['application/json']);
    const upload = resolve(operation('/api/FileUpload/UploadFile', 'post')!.requestBody!);
    const form = resolve<SchemaObject>(upload.content['multipart/form-data']!.schema!);
    expect(form.properties?.File).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required).toEqual(expect.arrayContaining(['File', 'TipoFileId', 'OrgId', 'CallType']));
    const zip = resolve(operation('/api/FileUpload/GetZippedFiles', 'get')!.responses!['200']!);
    expect(zip.content?.['application/zip']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    const login = resolve(operation('/api/Jwt/login', 'get')!.responses!['302']!);
    expect(login.content).toBeUndefined();
  });
});
