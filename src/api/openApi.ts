import { queryOptions } from '@tanstack/react-query';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { ApiClient } from './client.ts';

/** GET /api/openapi.json: the API described in OpenAPI 3.1 (server/openapi/). Platform admins only. */
export async function getOpenApiDocument(api: ApiClient, signal?: AbortSignal): Promise<OpenAPIV3_1.Document> {
  return await api<OpenAPIV3_1.Document>('/api/openapi.json', { signal });
}

export const openApiQueries = {
  /** It changes only with a release of the server: read once per session. */
  document: (api: ApiClient) =>
    queryOptions({
      queryKey: ['openapi', 'document'] as const,
      queryFn: ({ signal }) => getOpenApiDocument(api, signal),
      staleTime: Infinity,
    }),
};
