import type { Fund } from '../../../domain/applicationStatus.ts';
import type { ComponentProps } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { AdminApplicationHeader } from '../../features/admin-organizations/AdminApplicationHeader.tsx';
import { adminListHref } from '../../features/admin-organizations/listReturn.ts';
import { ReviewSurveyWizard } from '../../features/review-survey/ReviewSurveyWizard.tsx';

export interface AdminReviewPageProps {
  api: ApiClient;
  transfers: ComponentProps<typeof ReviewSurveyWizard>['transfers'];
  fund: Fund;
  organizationId: string;
  monitoraggio: boolean | undefined;
  periodo: string | undefined;
  lista: string | undefined;
  onPeriodChange(periodId: string): void;
}

/**
 * Spec §2: the admin's read-only review (or, with monitoraggio, monitoring) of one fund, headed with whose
 * application it is and its status action (AdminApplicationHeader). One page for both funds' routes.
 */
export function AdminReviewPage({
  api,
  transfers,
  fund,
  organizationId,
  monitoraggio,
  periodo,
  lista,
  onPeriodChange,
}: AdminReviewPageProps) {
  return (
    <>
      <AdminApplicationHeader api={api} fund={fund} organizationId={organizationId} lista={lista} />
      <ReviewSurveyWizard
        key={`${organizationId}-${String(monitoraggio)}-${periodo ?? ''}`}
        api={api}
        transfers={transfers}
        fund={fund}
        organizationId={organizationId}
        viewer="admin"
        isReadOnly
        monitoraggio={monitoraggio ?? false}
        periodId={periodo}
        onPeriodChange={onPeriodChange}
        listHref={adminListHref(lista)}
      />
    </>
  );
}
