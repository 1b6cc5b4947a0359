import { createFileRoute } from '@tanstack/react-router';
import { ConnectOrganisation } from '../../features/connect-organisation/ConnectOrganisation.tsx';

/** Home of a person without an organisation (spec §2): connect by VAT number, or register. */
export const Route = createFileRoute('/_authenticated/flow-organization')({
  component: ConnectOrganisation,
});
