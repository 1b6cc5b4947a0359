import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { downloadExcelCompilazioni, excelFileName } from '../../api/adminOrganizations.ts';
import { saveBlob } from '../../api/saveBlob.ts';
import { notify } from '../../ui/toastQueue.ts';
import type { ZipRequest } from './AdminOrganizationsTable.tsx';
import { applicationIdsOf, type IndexedItem } from './adminListView.ts';

/**
 * What the admin list downloads: the Excel of a fund's listed applications (one at a time, `downloading` while it
 * comes), and an organisation's attachments zip per fund. The callbacks are stable, for the memoised buttons and rows.
 */
export function useListDownloads(listed: readonly IndexedItem[]) {
  const { api, transfers } = useRouteContext({ from: '__root__' });
  /** The list as last rendered: the Excel holds what is listed when the button is pressed. */
  const listedRef = useRef(listed);
  useLayoutEffect(() => {
    listedRef.current = listed;
  }, [listed]);

  // Spec §8: an Excel failure only stops the spinner.
  const excel = useMutation({
    mutationFn: async ({ fund, ids }: { fund: Fund; ids: string[] }) => {
      saveBlob(await downloadExcelCompilazioni(api, fund, ids), excelFileName(fund));
    },
  });
  const { mutate: exportExcel } = excel;
  const downloadExcel = useCallback((fund: Fund) => exportExcel({ fund, ids: applicationIdsOf(listedRef.current, fund) }), [exportExcel]);

  // Spec §2: per organisation and fund.
  const downloadZip = useCallback(
    ({ fund, organizationId }: ZipRequest) => {
      transfers.downloadZip(organizationId, fund).then(
        ({ blob, fileName }) => saveBlob(blob, fileName),
        // Nothing to zip yet (404) or a failure: the server's Italian message says which.
        (error: unknown) =>
          notify({ tone: 'error', title: adminPanelMessages.zipFailed, description: error instanceof Error ? error.message : undefined }),
      );
    },
    [transfers],
  );

  return { downloading: excel.isPending ? excel.variables.fund : null, downloadExcel, downloadZip };
}
