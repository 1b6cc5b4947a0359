import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import type { SwaggerTransform } from '@fastify/swagger';
import Fastify, { type FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { SELECTED_ORGANIZATION_HEADER } from '../../domain/selectedOrganization.ts';
import { describeAccess } from '../auth/access.ts';
import { projectPath } from '../projectRoot.ts';
import type { CataloguedRoute } from './routeCatalogue.ts';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

export interface DocumentInfo {
  /** The portal's address (PUBLIC_URL): the document's one server. */
  publicUrl: string;
}

const BEARER = 'bearerAuth';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const DESCRIPTION = [
  'L’API del Portale Fondi, descritta dagli schemi (zod) con cui le sue route convalidano le richieste e serializzano le risposte.',
  '',
  'Ogni operazione vuole un token d’accesso (`Authorization: Bearer …`), tranne quelle dell’accesso (`/api/Jwt/…`). ' +
    'L’organizzazione per cui si lavora viaggia nell’header `SelectedOrganizationId`: un’indicazione, mai una credenziale.',
  '',
  'Chi può chiamare ogni operazione è scritto in `x-access`, dalla dichiarazione della sua route: `anonymous` (senza token), ' +
    '`user` (chiunque abbia effettuato l’accesso), `admin` (gli amministratori della piattaforma) o `member` (i membri ' +
    'dell’organizzazione indicata). Per `member`, `mode` dice che cosa fa l’operazione e `roles` quali ruoli la possono ' +
    'chiamare: `read` (tutti), `leave` (tutti, per la propria appartenenza), `write` (Compilatore e Referente), `manage` ' +
    '(Referente), `handOver` (chi consegna secondo la regola del bando, `handOverBy`: i Referenti o il legale rappresentante).',
  '',
  'Ogni errore è `{ error, message }`: `error` è un codice stabile, per i programmi; `message` è in italiano, per la persona.',
].join('\n');

/** What every authenticated operation may carry, beside what its route declares. */
const COMPONENTS: OpenAPIV3_1.ComponentsObject = {
  securitySchemes: {
    [BEARER]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'Il token d’accesso del provider OpenID Connect del portale: lo dà POST /api/Jwt/token-exchange dopo l’accesso, ' +
        'lo rinnova POST /api/Jwt/refresh.',
    },
  },
  parameters: {
    [SELECTED_ORGANIZATION_HEADER]: {
      name: SELECTED_ORGANIZATION_HEADER,
      in: 'header',
      required: false,
      schema: { type: 'string', format: 'uuid' },
      description:
        'L’organizzazione per cui si lavora. Un’indicazione, mai una credenziale: il server verifica ogni volta ' +
        'l’appartenenza. Le operazioni sull’organizzazione selezionata rispondono 400 (organization_not_selected) senza.',
    },
  },
  responses: {
    Unauthorized: {
      description: 'Senza token d’accesso, o con un token non valido o scaduto (header WWW-Authenticate: Bearer).',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    },
    Error: {
      description:
        'Ogni altro errore, con la stessa forma: dati troppo profondi o con U+0000 (400), troppe richieste (429), ' +
        'spazio esaurito (507), errore interno (500, con l’id della richiesta).',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    },
  },
};

/** '/api/Tur/GetTurCompilazione' → 'Tur'; '/api/User' → 'User'. The controller, as the spec groups the API. */
function controllerOf(url: string): string {
  return url.split('/')[2] ?? 'api';
}

/** '/api/Tur/GetTurCompilazione' → 'Tur_GetTurCompilazione': unique, since each path has one method. */
function operationIdOf(url: string): string {
  return url
    .split('/')
    .slice(2)
    .map((segment) => segment.replace(/[^A-Za-z0-9]+/g, '_'))
    .join('_');
}

/**
 * One route's schema as @fastify/swagger reads it: its zod schemas turned into JSON Schema by
 * fastify-type-provider-zod (`jsonSchemaTransform`), an upload's multipart fields as its body, the route's
 * controller as its tag, and who may call it from its declaration (server/auth/access.ts): no security for the
 * routes declared 'anonymous', and the declaration itself as `x-access`.
 */
const transform: SwaggerTransform = (input) => {
  const { multipartBody, ...declared } = (input.schema ?? {}) as FastifySchema;
  const schema: FastifySchema = multipartBody ? { ...declared, body: multipartBody, consumes: ['multipart/form-data'] } : declared;
  const transformed = jsonSchemaTransform({ ...input, schema });
  const access = input.route.config?.access;
  return {
    url: transformed.url,
    schema: {
      ...transformed.schema,
      tags: declared.tags ?? [controllerOf(input.url)],
      operationId: declared.operationId ?? operationIdOf(input.url),
      ...(access === 'anonymous' ? { security: [] } : {}),
      ...(access ? { 'x-access': describeAccess(access) } : {}),
    },
  };
};

/**
 * What every operation shares, added once here: the SelectedOrganizationId header and a 401 on each
 * authenticated one, the error shape for every other status, and each status's name where the route's schema
 * gives no description.
 */
function completeOperation(operation: Operation): void {
  const authenticated = !Array.isArray(operation.security) || operation.security.length > 0;
  if (authenticated) {
    operation.parameters = [...(operation.parameters ?? []), { $ref: `#/components/parameters/${SELECTED_ORGANIZATION_HEADER}` }];
  }
  const responses = (operation.responses ??= {});
  for (const [status, response] of Object.entries(responses)) {
    if ('description' in response && response.description === 'Default Response') response.description = STATUS_CODES[status] ?? status;
  }
  if (authenticated && !responses['401']) responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  responses.default = { $ref: '#/components/responses/Error' };
}

/**
 * The OpenAPI 3.1 document of the given routes. @fastify/swagger reads routes only from an instance it was
 * registered on before them, and registering it on the portal's own would load it (with its YAML writer and
 * JSON Schema resolver, about 9 MB and 0.2 s) at every start: instead the routes the portal registered are
 * declared again, schemas and configuration as they are, on an instance of its own that never listens, built
 * on the first request for the document and then closed.
 */
export async function buildOpenApiDocument(routes: readonly CataloguedRoute[], info: DocumentInfo): Promise<Document> {
  const { default: swagger } = await import('@fastify/swagger');
  const { version } = JSON.parse(await readFile(projectPath('package.json'), 'utf8')) as { version: string };
  const shadow = Fastify({ exposeHeadRoutes: false });
  shadow.setValidatorCompiler(validatorCompiler);
  shadow.setSerializerCompiler(serializerCompiler);
  await shadow.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Portale Fondi — API', version, description: DESCRIPTION },
      servers: [{ url: info.publicUrl }],
      components: COMPONENTS,
      security: [{ [BEARER]: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  const unreachable = () => {
    throw new Error('the OpenAPI instance serves no request');
  };
  for (const route of routes) {
    shadow.route({ method: route.method, url: route.url, schema: route.schema, config: route.config, handler: unreachable });
  }
  await shadow.ready();
  const document = shadow.swagger() as Document;
  await shadow.close();
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (operation) completeOperation(operation);
    }
  }
  dropUnreferencedSchemas(document);
  return document;
}

/**
 * fastify-type-provider-zod emits each named schema (ApiError) twice, as read and as written
 * (`…Input`): the copies no operation refers to are left out.
 */
function dropUnreferencedSchemas(document: Document): void {
  const schemas = document.components?.schemas ?? {};
  const namesReferencedIn = (value: unknown) =>
    [...JSON.stringify(value ?? {}).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
  const referenced = new Set<string>();
  const queue = namesReferencedIn({ paths: document.paths, components: { ...document.components, schemas: {} } });
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (referenced.has(name)) continue;
    referenced.add(name);
    queue.push(...namesReferencedIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!referenced.has(name)) delete schemas[name];
}
