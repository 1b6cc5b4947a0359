import { createFileRoute } from '@tanstack/react-router';
import { ConnectOrganization } from '../../features/connect-organization/ConnectOrganization.tsx';

/** Home of a person without an organisation (spec §2): connect by VAT number, or register. */
export const Route = createFileRoute('/_authenticated/flow-organization')({
  component: ConnectOrganization,
});
