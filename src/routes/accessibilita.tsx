import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../features/legal/LegalDocument.tsx';

/** The accessibility statement (Legge 4/2004, AgID guidelines), public. */
export const Route = createFileRoute('/accessibilita')({
  component: AccessibilityPage,
});

function AccessibilityPage() {
  const { api } = Route.useRouteContext();
  return <LegalDocument api={api} id="accessibilita" />;
}
