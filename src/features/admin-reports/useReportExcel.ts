import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { reportMessages } from '../../../domain/reports/reportMessages.ts';
import { reportFileName } from '../../../domain/reports/reportFileName.ts';
import { downloadReportExcel, type ReportRequest } from '../../api/reports.ts';
import { saveBlob } from '../../api/saveBlob.ts';
import { notify } from '../../ui/toastQueue.ts';

/** "Scarica Excel": the report's tables with the filters on screen; a failure is told with the server's reason. */
export function useReportExcel(request: ReportRequest) {
  const { api } = useRouteContext({ from: '__root__' });
  const excel = useMutation({
    mutationFn: async (wanted: ReportRequest) => {
      saveBlob(await downloadReportExcel(api, wanted), reportFileName(wanted.reportId, wanted));
    },
    onError: (error) =>
      notify({ tone: 'error', title: reportMessages.page.downloadFailed, description: error instanceof Error ? error.message : undefined }),
  });
  return { isDownloading: excel.isPending, download: () => excel.mutate(request) };
}
