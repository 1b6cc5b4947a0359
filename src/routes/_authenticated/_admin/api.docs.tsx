import { createFileRoute } from '@tanstack/react-router';
import { openApiQueries } from '../../../api/openApi.ts';
import { ApiReferencePage } from '../../../features/api-reference/ApiReferencePage.tsx';
import { ensureQuery } from '../../-components/ensureQuery.ts';

/**
 * /api/docs: the API's reference, for platform admins only (the _admin layout; GET /api/openapi.json checks
 * too). The server sends this SPA for the address (server/delivery/staticClient.ts); the page and what it
 * needs to show the document are loaded only here.
 */
export const Route = createFileRoute('/_authenticated/_admin/api/docs')({
  loader: ({ context: { queryClient, api } }) => ensureQuery(queryClient, openApiQueries.document(api)),
  component: ApiReferencePage,
});
