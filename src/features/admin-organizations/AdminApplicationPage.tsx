import type { Fund } from '../../../domain/applicationStatus.ts';
import { fundTitles } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Link } from '../../ui/Link.tsx';
import { AdminApplicationSummary } from './ApplicationHistory.tsx';

/**
 * Spec §2 admin views of an application or of its review/monitoring: what exists so far (status, dates,
 * warnings, history), honest about the read-only form arriving later, and the way back to the list.
 */
export function AdminApplicationPage({ fund, organizationId, kind }: { fund: Fund; organizationId: string; kind: 'application' | 'review' }) {
  const m = messages.adminApplication;
  return (
    <>
      <Link to="/admin-panel">{messages.funds.backToList}</Link>
      <h1>{kind === 'application' ? `Candidatura ${fundTitles[fund]}` : m.reviewTitle(fund)}</h1>
      <Alert tone="info">{m.formLater}</Alert>
      <AdminApplicationSummary fund={fund} organizationId={organizationId} />
    </>
  );
}
