import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, type ReactNode } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import type { AttachmentSlot } from '../../../domain/attachments.ts';
import { wizardMessages } from '../../../domain/messages/wizard.ts';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../../machines/attachment-slot/acceptedFiles.ts';
import type { AttachmentSlotApi } from '../../../machines/attachment-slot/actors.ts';
import { attachmentQueries, removeAttachment, type AttachmentTransfers, type SlotPurpose } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { saveBlob } from '../../api/saveBlob.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AttachmentSlotRow } from './AttachmentSlotRow.tsx';
import { list } from './AttachmentSlotRow.css.ts';

const text = wizardMessages.attachments;

export interface AttachmentsStepProps {
  api: ApiClient;
  transfers: AttachmentTransfers;
  fund: Fund;
  organizationId: string;
  /** Admin or submitted: files can be downloaded, not changed. */
  readOnly: boolean;
  /** The application's own slots (default), the integration slots of the open request, or the review's DNSH slots. */
  purpose?: SlotPurpose;
  /** Told how many files the slots hold, each time the list is loaded. */
  onFilesCounted?(count: number): void;
  /** Only the mandatory or only the optional slots (the DNSH step shows them as two blocks). */
  only?: 'mandatory' | 'optional';
  /** The person tried to go on or to submit: mandatory slots without a file say so. Default false. */
  showsMissing?: boolean;
  /**
   * Issue 44: the slots an open integration round asks to correct take a new file though the application is
   * read-only, each with the request drawn before it; `onChanged` is told of every new file.
   */
  corrections?: { slotIds: ReadonlySet<number>; render(slotId: number): ReactNode; onChanged(): void };
}

/**
 * Tells the wizard whether every mandatory attachment is there (the server's FileUploadValidation answer, which
 * enables the submit button), from the start and again after every upload or removal.
 */
export function useAttachmentsStatus(api: ApiClient, fund: Fund, organizationId: string, onStatus: (complete: boolean) => void) {
  const validation = useQuery(attachmentQueries.validation(api, fund, organizationId));
  const isValid = validation.data?.isValid;
  useEffect(() => {
    if (isValid !== undefined) onStatus(isValid);
  }, [isValid, onStatus]);
}

/**
 * The Allegati step (spec §2): every attachment the fund asks for, each a slot; the list and the mandatory
 * check are fetched again after every upload or removal.
 */
export function AttachmentsStep({
  api,
  transfers,
  fund,
  organizationId,
  readOnly,
  purpose = 'application',
  onFilesCounted,
  only,
  showsMissing = false,
  corrections,
}: AttachmentsStepProps) {
  const queryClient = useQueryClient();
  const slots = useQuery(attachmentQueries.slots(api, fund, organizationId, purpose));
  const filesCount = slots.data?.filter((slot) => slot.downloadId !== null).length;
  useEffect(() => {
    if (filesCount !== undefined) onFilesCounted?.(filesCount);
  }, [filesCount, onFilesCounted]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: attachmentQueries.all });
  const apiOf = useMemo(
    () =>
      (slot: AttachmentSlot): AttachmentSlotApi => ({
        uploadFile: async ({ file }, { onProgress, signal }) => {
          const stored = await transfers.upload(
            { file: file as File, fileName: file.name, attachmentTypeId: slot.id, orgId: organizationId, fund },
            { onProgress, signal },
          );
          return { downloadId: stored.id, fileName: stored.fileName, isPdfA: stored.isPdfA };
        },
        removeFile: ({ downloadId }) => removeAttachment(api, downloadId),
        downloadFile: async ({ downloadId }, signal) => {
          const downloaded = await transfers.downloadFile(downloadId, signal);
          saveBlob(downloaded.blob, downloaded.fileName);
        },
      }),
    [api, transfers, fund, organizationId],
  );

  if (slots.isError) {
    return (
      <>
        <Alert tone="error">{slots.error.message}</Alert>
        <Button onPress={() => void slots.refetch()}>{wizardMessages.retry}</Button>
      </>
    );
  }
  if (!slots.data) return <Spinner />;
  return (
    <>
      {readOnly || purpose !== 'application' ? null : <p>{text.intro}</p>}
      <ul className={list}>
        {slots.data
          .filter((slot) => only === undefined || slot.mandatoryInput === (only === 'mandatory'))
          .map((slot) => {
            const corrected = corrections?.slotIds.has(slot.id) === true;
            const row = (
              <AttachmentSlotRow
                key={`${slot.id}-${slot.downloadId ?? 'new'}`}
                slot={slot}
                // A correction replaces a single file, or adds one to a slot of several; it never removes one.
                enabled={!readOnly || (corrected && !(slot.multiple && slot.downloadId !== null))}
                keepsFile={corrected}
                showsMissing={showsMissing}
                maxBytes={DEFAULT_MAX_UPLOAD_BYTES}
                api={apiOf(slot)}
                onChanged={
                  corrected
                    ? () => {
                        refresh();
                        corrections?.onChanged();
                      }
                    : refresh
                }
              />
            );
            return corrected ? (
              <Fragment key={`correction-${slot.id}`}>
                <li>{corrections?.render(slot.id)}</li>
                {row}
              </Fragment>
            ) : (
              row
            );
          })}
      </ul>
    </>
  );
}
