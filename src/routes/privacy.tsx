import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../features/legal/LegalDocument.tsx';

/** The privacy notice (GDPR art. 13), public: the registration page links it. */
export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const { api } = Route.useRouteContext();
  return <LegalDocument api={api} id="privacy" />;
}
