import { describe, expect, it } from 'vitest';
import { filterGroups, operationGroups, type OpenApiDocument } from '../../src/features/api-reference/openApiView.ts';
import { schemaFacts, typeLabel } from '../../src/features/api-reference/schemaFacts.ts';

/** The reference page's reading of an OpenAPI document (src/features/api-reference/), on a small one. */
const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Prova', version: '1' },
  security: [{ bearerAuth: [] }],
  components: {
    parameters: { Org: { name: 'SelectedOrganizationId', in: 'header', required: false, schema: { type: 'string' } } },
    responses: { Error: { description: 'Errore', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } } },
    schemas: {
      ApiError: { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } }, required: ['error', 'message'] },
    },
  },
  paths: {
    '/api/User': {
      get: {
        tags: ['User'],
        operationId: 'User',
        parameters: [{ $ref: '#/components/parameters/Org' }],
        responses: { default: { $ref: '#/components/responses/Error' } },
      },
    },
    '/api/Jwt/refresh': {
      post: {
        tags: ['Jwt'],
        operationId: 'Jwt_refresh',
        security: [],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'OK' } },
      },
    },
    '/api/User/IsUserAdmin': { get: { tags: ['User'], operationId: 'User_IsUserAdmin', responses: { '200': { description: 'OK' } } } },
  },
};

describe('operationGroups', () => {
  const groups = operationGroups(document);

  it('groups operations by controller, controllers and paths in order', () => {
    expect(groups.map((group) => group.tag)).toEqual(['Jwt', 'User']);
    expect(groups[1]!.operations.map((operation) => operation.path)).toEqual(['/api/User', '/api/User/IsUserAdmin']);
  });

  it('resolves referenced parameters and responses, and tells the open operations from the bearer ones', () => {
    const [refresh] = groups[0]!.operations;
    expect(refresh).toMatchObject({ method: 'post', isPublic: true, requestBody: [{ mediaType: 'application/json' }] });
    const user = groups[1]!.operations[0]!;
    expect(user.isPublic).toBe(false);
    expect(user.parameters).toEqual([
      { name: 'SelectedOrganizationId', location: 'header', required: false, description: undefined, schema: { type: 'string' } },
    ]);
    expect(user.responses).toEqual([
      {
        status: 'default',
        description: 'Errore',
        content: [{ mediaType: 'application/json', schema: { $ref: '#/components/schemas/ApiError' } }],
      },
    ]);
  });

  it('filters by path, name or controller, in any case', () => {
    expect(filterGroups(groups, 'isuseradmin').flatMap((group) => group.operations.map((operation) => operation.id))).toEqual([
      'User_IsUserAdmin',
    ]);
    expect(filterGroups(groups, 'jwt').map((group) => group.tag)).toEqual(['Jwt']);
    expect(filterGroups(groups, '  ')).toHaveLength(2);
    expect(filterGroups(groups, 'nessuna')).toEqual([]);
  });
});

describe('schemaFacts and typeLabel', () => {
  it('say a value’s type and limits in Italian, leaving out the safe-integer bounds zod writes on every integer', () => {
    expect(typeLabel({ type: ['string', 'null'] })).toBe('testo o null');
    expect(typeLabel({ type: 'string', format: 'binary' })).toBe('file (byte)');
    expect(typeLabel({})).toBe('qualsiasi valore JSON');
    expect(schemaFacts({ type: 'string', minLength: 1, maxLength: 100, format: 'uuid' })).toEqual(['formato uuid', 'da 1 a 100 caratteri']);
    expect(schemaFacts({ type: 'string', minLength: 1 })).toEqual(['almeno 1 carattere']);
    expect(schemaFacts({ type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })).toEqual([]);
    expect(schemaFacts({ type: 'integer', exclusiveMinimum: 0, maximum: 10 })).toEqual(['maggiore di 0', 'al più 10']);
    expect(schemaFacts({ enum: ['TUR', 'PUI'] })).toEqual(['valori: "TUR", "PUI"']);
  });
});
