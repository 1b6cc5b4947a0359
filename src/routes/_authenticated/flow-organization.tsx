import { createFileRoute } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';

/** Home of a person without an organisation. The VAT-number box comes with the connect-organisation issue. */
export const Route = createFileRoute('/_authenticated/flow-organization')({
  component: FlowOrganizationPage,
});

function FlowOrganizationPage() {
  return <h1>{messages.pages.flowOrganization}</h1>;
}
