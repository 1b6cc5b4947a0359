import type { Fund } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import { adminApplicationMessages } from '../../../domain/messages/adminApplication.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Link } from '../../ui/Link.tsx';
import { AdminApplicationSummary } from './ApplicationHistory.tsx';

/**
 * Spec §2 admin view of an application's review/monitoring: what exists so far (status, dates, warnings,
 * history), honest about the review form arriving later, and the way back to the list.
 */
export function AdminApplicationPage({ fund, organizationId }: { fund: Fund; organizationId: string }) {
  const m = adminApplicationMessages;
  return (
    <>
      <Link to="/admin-panel">{messages.funds.backToList}</Link>
      <h1>{m.reviewTitle(fund)}</h1>
      <Alert tone="info">{m.formLater}</Alert>
      <AdminApplicationSummary fund={fund} organizationId={organizationId} />
    </>
  );
}
