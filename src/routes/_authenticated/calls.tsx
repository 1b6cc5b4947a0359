import { createFileRoute } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';

/** Home of an applicant with an organisation. The TUR and PUI cards come with the calls issue. */
export const Route = createFileRoute('/_authenticated/calls')({
  component: CallsPage,
});

function CallsPage() {
  return <h1>{messages.pages.calls}</h1>;
}
