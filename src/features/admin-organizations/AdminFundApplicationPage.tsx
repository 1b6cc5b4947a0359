import type { ApplicationStatusCode, Fund } from '../../../domain/applicationStatus.ts';
import { adminApplicationMessages } from '../../../domain/messages/adminApplication.ts';
import type { AttachmentTransfers } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { Suspense } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { applicationQueries, hasApplication } from '../../api/applications.ts';
import { LazyAdminTimeline } from '../application-timeline/lazyAdminTimeline.ts';
import { LazyEvaluationSection } from '../evaluation/lazyEvaluationSection.ts';
import { saveBlob } from '../../api/saveBlob.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { notify } from '../../ui/toastQueue.ts';
import { AdminApplicationHeader } from './AdminApplicationHeader.tsx';
import { adminListHref } from './listReturn.ts';
import { FundApplicationWizard, type FundWizard } from '../application-wizard/FundApplicationWizard.tsx';
import { AdminApplicationSummary } from './ApplicationHistory.tsx';

export interface AdminFundApplicationPageProps<Values extends Record<string, unknown>> {
  api: ApiClient;
  transfers: AttachmentTransfers;
  wizard: FundWizard<Values>;
  organizationId: string;
  startStep: number;
  /** The admin list's query string (?lista=…): the way back keeps its filters. */
  lista?: string | undefined;
}

const m = adminApplicationMessages;

/** The reviewers evaluate an application once it was handed over, never a draft (issue 44). */
const isHandedOver = (status: ApplicationStatusCode) => status !== 'NON_AVVIATA' && status !== 'APERTA';

/**
 * Spec §2: admin view of an organisation's application, read-only with the reviewers' warnings and history, then
 * the reviewers' evaluation form, its private notes and timeline (issue 44);
 * "Scarica Excel" downloads its fields and answers (spec §9 Candidatura{type}-{orgName}.xlsx).
 */
export function AdminFundApplicationPage<Values extends Record<string, unknown>>({
  api,
  transfers,
  wizard,
  organizationId,
  startStep,
  lista,
}: AdminFundApplicationPageProps<Values>) {
  const fund: Fund = wizard.definition.fund;
  // The same query the summary reads: the timeline and the notes need the application's id (issue 44).
  const compilation = useQuery(applicationQueries.compilation(api, fund, organizationId)).data;
  const excel = useMutation({
    mutationFn: () => transfers.downloadApplicationExcel(organizationId, fund),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    // No application yet (404) or a failure: the server's Italian message says which.
    onError: (error: unknown) =>
      notify({ tone: 'error', title: m.excelFailed, description: error instanceof Error ? error.message : undefined }),
  });
  return (
    <>
      <AdminApplicationHeader
        api={api}
        fund={fund}
        organizationId={organizationId}
        lista={lista}
        actions={
          excel.isPending ? (
            <Spinner label={m.excelDownloading} />
          ) : (
            <Button variant="secondary" aria-label={m.downloadExcelLabel(fund)} onPress={() => excel.mutate()}>
              {m.downloadExcel}
            </Button>
          )
        }
      />
      <FundApplicationWizard
        key={organizationId}
        api={api}
        transfers={transfers}
        wizard={wizard}
        organizationId={organizationId}
        listHref={adminListHref(lista)}
        isAdmin
        startStep={startStep}
      />
      <AdminApplicationSummary fund={fund} organizationId={organizationId} showWarnings={false} />
      {compilation && hasApplication(compilation) && isHandedOver(compilation.statusCode) ? (
        <Suspense fallback={null}>
          <LazyEvaluationSection applicationId={compilation.id} />
        </Suspense>
      ) : null}
      {compilation && hasApplication(compilation) ? (
        <Suspense fallback={null}>
          <LazyAdminTimeline applicationId={compilation.id} />
        </Suspense>
      ) : null}
    </>
  );
}
