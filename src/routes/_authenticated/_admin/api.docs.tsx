import { createFileRoute } from '@tanstack/react-router';
import { openApiQueries } from '../../../api/openApi.ts';
import { apiReferenceMessages } from '../../../../domain/messages/apiReference.ts';
import { ApiReferenceHeading, ApiReferencePage } from '../../../features/api-reference/ApiReferencePage.tsx';
import { RouteError } from '../../-components/RouteError.tsx';
import { loadQuery } from '../../-components/ensureQuery.ts';

/**
 * /api/docs: the API's reference, for platform admins only (the _admin layout; GET /api/openapi.json checks
 * too). The server sends this SPA for the address (server/delivery/staticClient.ts); the page and what it
 * needs to show the document are loaded only here.
 */
export const Route = createFileRoute('/_authenticated/_admin/api/docs')({
  loader: ({ context: { queryClient, api } }) => loadQuery(queryClient, openApiQueries.document(api)),
  errorComponent: (props) => (
    <ApiReferenceHeading>
      <RouteError {...props} message={apiReferenceMessages.loadFailed} />
    </ApiReferenceHeading>
  ),
  component: ApiReferencePage,
});
