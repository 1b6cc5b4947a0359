import type { Fund } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import type { AttachmentTransfers } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { Link } from '../../ui/Link.tsx';
import { FundApplicationWizard, type FundWizard } from '../application-wizard/FundApplicationWizard.tsx';
import { AdminApplicationSummary } from './ApplicationHistory.tsx';

export interface AdminFundApplicationPageProps<Values extends Record<string, unknown>> {
  api: ApiClient;
  transfers: AttachmentTransfers;
  wizard: FundWizard<Values>;
  organizationId: string;
  startStep: number;
}

/** Spec §2: admin view of an organisation's application, read-only with the reviewers' warnings and history. */
export function AdminFundApplicationPage<Values extends Record<string, unknown>>({
  api,
  transfers,
  wizard,
  organizationId,
  startStep,
}: AdminFundApplicationPageProps<Values>) {
  const fund: Fund = wizard.definition.fund;
  return (
    <>
      <Link to="/admin-panel">{messages.funds.backToList}</Link>
      <FundApplicationWizard
        key={organizationId}
        api={api}
        transfers={transfers}
        wizard={wizard}
        organizationId={organizationId}
        isAdmin
        startStep={startStep}
      />
      <AdminApplicationSummary fund={fund} organizationId={organizationId} showWarnings={false} />
    </>
  );
}
