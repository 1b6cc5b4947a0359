import { createFileRoute } from '@tanstack/react-router';
import { legalQueries } from '../api/legal.ts';
import { LegalDocument } from '../features/legal/LegalDocument.tsx';
import { ensureQuery } from './-components/ensureQuery.ts';

/** The accessibility statement (Legge 4/2004, AgID guidelines), public. */
export const Route = createFileRoute('/accessibilita')({
  loader: ({ context: { queryClient, api } }) => ensureQuery(queryClient, legalQueries.text(api, 'accessibilita')),
  component: AccessibilityPage,
});

function AccessibilityPage() {
  const { api } = Route.useRouteContext();
  return <LegalDocument api={api} id="accessibilita" />;
}
