import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * The OpenAPI document (GET /api/openapi.json) as the reference page shows it: operations grouped by
 * controller (their tag), each with its parameters, bodies and responses, references resolved. Pure functions.
 */
export type OpenApiDocument = OpenAPIV3_1.Document;
export type JsonSchema = OpenAPIV3_1.SchemaObject;
type Reference = OpenAPIV3_1.ReferenceObject;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof METHODS)[number];

export interface ParameterView {
  name: string;
  location: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface ContentView {
  mediaType: string;
  schema: JsonSchema;
}

export interface ResponseView {
  status: string;
  description: string;
  content: ContentView[];
}

export interface OperationView {
  /** Unique in the document: the operationId, else method and path. */
  id: string;
  method: HttpMethod;
  path: string;
  summary?: string;
  description?: string;
  /** Whether it is open without a token (`security: []`). */
  isPublic: boolean;
  parameters: ParameterView[];
  requestBody: ContentView[];
  responses: ResponseView[];
}

export interface OperationGroup {
  tag: string;
  description?: string;
  operations: OperationView[];
}

const isReference = (value: unknown): value is Reference =>
  typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';

/** The component a local reference ('#/components/schemas/ApiError') points to; the value itself otherwise. */
export function resolve<T>(document: OpenApiDocument, value: T | Reference): T {
  let current: unknown = value;
  for (let hops = 0; isReference(current) && hops < 32; hops += 1) {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    );
  }
  return (current ?? {}) as T;
}

/** 'ApiError' for '#/components/schemas/ApiError', for showing which named schema a part is. */
export function referenceName(value: unknown): string | undefined {
  return isReference(value) ? value.$ref.split('/').pop() : undefined;
}

function contentOf(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined): ContentView[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => ({ mediaType, schema: (media.schema ?? {}) as JsonSchema }));
}

function operationView(document: OpenApiDocument, path: string, method: HttpMethod, operation: OpenAPIV3_1.OperationObject): OperationView {
  const security = operation.security ?? document.security ?? [];
  const body = operation.requestBody ? resolve<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody) : undefined;
  return {
    id: operation.operationId ?? `${method} ${path}`,
    method,
    path,
    summary: operation.summary,
    description: operation.description,
    isPublic: security.length === 0,
    parameters: (operation.parameters ?? []).map((value) => {
      const parameter = resolve<OpenAPIV3_1.ParameterObject>(document, value);
      return {
        name: parameter.name,
        location: parameter.in,
        required: parameter.required ?? false,
        description: parameter.description,
        schema: (parameter.schema ?? {}) as JsonSchema,
      };
    }),
    requestBody: contentOf(body?.content),
    responses: Object.entries(operation.responses ?? {}).map(([status, value]) => {
      const response = resolve<OpenAPIV3_1.ResponseObject>(document, value);
      return { status, description: response.description, content: contentOf(response.content) };
    }),
  };
}

/** Every operation, grouped by its first tag (the controller) in the tags' alphabetical order, paths in order. */
export function operationGroups(document: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? '—';
      const list = groups.get(tag) ?? [];
      list.push(operationView(document, path, method, operation));
      groups.set(tag, list);
    }
  }
  const descriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'it'))
    .map(([tag, operations]) => ({
      tag,
      description: descriptions.get(tag),
      operations: operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
    }));
}

/** The groups with only the operations whose path, id, summary or controller contain the text (any case). */
export function filterGroups(groups: readonly OperationGroup[], text: string): OperationGroup[] {
  const needle = text.trim().toLocaleLowerCase('it');
  if (needle === '') return [...groups];
  return groups
    .map((group) => ({
      ...group,
      operations: group.operations.filter((operation) =>
        [group.tag, operation.path, operation.id, operation.summary ?? '', operation.method].some((value) =>
          value.toLocaleLowerCase('it').includes(needle),
        ),
      ),
    }))
    .filter((group) => group.operations.length > 0);
}

/** A section id for a controller's group, for the page's table of contents. */
export const groupAnchor = (tag: string) => `controller-${tag.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
