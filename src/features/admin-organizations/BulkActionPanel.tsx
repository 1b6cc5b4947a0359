import { applicationStatusLabels, APPLICATION_STATUS_CODES, type ApplicationStatusCode } from '../../../domain/applicationStatus.ts';
import type { BulkActionKind, BulkFilters } from '../../../domain/bulkActions.ts';
import { bulkActionsMessages } from '../../../domain/messages/bulkActions.ts';
import { saveBlob } from '../../api/saveBlob.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { notify } from '../../ui/toastQueue.ts';
import { actions, bar, dialogActions, fill, progress, resultList, selectedCount, track } from './BulkActions.css.ts';
import type { BulkActionHandle } from './useBulkAction.ts';

const m = bulkActionsMessages;
/** The statuses an administrator may move an application to (the lifecycle decides, application by application). */
const TARGETS: { id: ApplicationStatusCode; name: string }[] = APPLICATION_STATUS_CODES.filter((code) => code !== 'NON_AVVIATA').map(
  (code) => ({
    id: code,
    name: applicationStatusLabels[code],
  }),
);

interface BulkActionPanelProps extends BulkActionHandle {
  /** The applications of the visible page. */
  pageIds: readonly string[];
  /** The list's filters and search, as the URL holds them: "all matching" sends them to the server. */
  filters: BulkFilters;
}

/**
 * The admin list's actions on many applications at once (issue 44), loaded only on the list: the selection beyond
 * the page, the action bar, the confirmation, the progress bar and the result. Everything it shows is the
 * bulk-action machine's (machines/bulk-action/).
 */
export function BulkActionPanel({ view, send, download, pageIds, filters }: BulkActionPanelProps) {
  const pageSelected = view.selectedIds !== null && pageIds.length > 0 && pageIds.every((id) => view.selectedIds!.includes(id));
  const choose = (kind: BulkActionKind) => send({ type: 'action.choose', kind });
  const action = view.action;
  const handled = action ? action.done + action.failed : 0;

  if (view.isRunning && action) {
    return (
      <section aria-label={m.barLabel} className={bar}>
        {/* A plain progressbar, as the attachment upload's: react-aria's ProgressBar brings Intl's number formatter,
            which the build then places in the entry chunk every page loads (the /calls budget). */}
        <div
          role="progressbar"
          className={progress}
          aria-label={m.progressLabel}
          aria-valuemin={0}
          aria-valuemax={action.total}
          aria-valuenow={handled}
          aria-valuetext={m.progress(handled, action.total)}
        >
          <span>{m.progressLabel}</span>
          <div className={track}>
            <div className={fill} style={{ width: `${action.total === 0 ? 0 : (100 * handled) / action.total}%` }} />
          </div>
          <span>{m.progress(handled, action.total)}</span>
        </div>
        <p>{m.runningHint}</p>
      </section>
    );
  }

  if (view.isFinished && action) {
    const failed = action.items.filter((item) => item.state === 'failed');
    const done = action.items.filter((item) => item.state === 'done');
    return (
      <section aria-label={m.barLabel}>
        <Alert tone={view.hasFailures ? 'warning' : 'success'} title={view.hasFailures ? m.doneWithFailuresTitle : m.doneTitle}>
          {m.succeeded(action.done)}
        </Alert>
        {failed.length > 0 ? (
          <>
            <h3>{m.failedList(failed.length)}</h3>
            <ul className={resultList}>
              {failed.map((item) => (
                <li key={item.applicationId}>
                  {m.itemLabel(item.fund, item.organizationName)}: {item.reason}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {done.length > 0 ? (
          <>
            <h3>{m.succeededList}</h3>
            <ul className={resultList}>
              {done.map((item) => (
                <li key={item.applicationId}>{m.itemLabel(item.fund, item.organizationName)}</li>
              ))}
            </ul>
          </>
        ) : null}
        <div className={actions}>
          {action.result ? (
            <Button
              onPress={() =>
                download(action.id).then(
                  (blob) => saveBlob(blob, action.result!.fileName),
                  (error: unknown) =>
                    notify({ tone: 'error', title: m.downloadResult, description: error instanceof Error ? error.message : undefined }),
                )
              }
            >
              {m.downloadResult}
            </Button>
          ) : null}
          <Button variant="secondary" onPress={() => send({ type: 'result.close' })}>
            {m.close}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <>
      <section aria-label={m.barLabel} className={bar}>
        <p className={selectedCount} role="status" aria-live="polite">
          {view.isCounting ? m.counting : view.matching ? m.allMatching(view.count) : m.selected(view.count)}
        </p>
        <Button
          variant="secondary"
          isDisabled={pageIds.length === 0}
          onPress={() => send({ type: 'selection.page', ids: [...pageIds], selected: !pageSelected })}
        >
          {pageSelected ? m.clearSelection : m.selectPage}
        </Button>
        <Button variant="secondary" isDisabled={view.isCounting} onPress={() => send({ type: 'selection.matching', filters })}>
          {m.selectAllMatching}
        </Button>
        {view.count > 0 ? (
          <Button variant="secondary" onPress={() => send({ type: 'selection.clear' })}>
            {m.clearSelection}
          </Button>
        ) : null}
        <div className={actions}>
          <Button isDisabled={!view.canChoose} onPress={() => choose('status')}>
            {m.changeStatus}
          </Button>
          <Button isDisabled={!view.canChoose} onPress={() => choose('zip')}>
            {m.zip}
          </Button>
          <Button isDisabled={!view.canChoose} onPress={() => choose('excel')}>
            {m.excel}
          </Button>
        </div>
      </section>
      {view.error && !view.isConfirming ? <Alert tone="error">{view.error}</Alert> : null}
      <Dialog
        role="alertdialog"
        title={view.kind ? m.confirmTitle[view.kind] : ''}
        isOpen={view.isConfirming}
        onOpenChange={(open) => {
          if (!open && !view.isStarting) send({ type: 'dialog.cancel' });
        }}
      >
        {view.kind === 'status' ? (
          <>
            <p>
              {view.targetStatus ? m.confirmText.status(view.count, applicationStatusLabels[view.targetStatus]) : m.selected(view.count)}
            </p>
            <Select
              label={m.targetStatus}
              items={TARGETS}
              value={view.targetStatus}
              onChange={(status) => {
                if (status) send({ type: 'target.change', status: status as ApplicationStatusCode });
              }}
              isRequired
              isDisabled={view.isStarting}
            />
            <TextAreaField
              label={m.note}
              value={view.note}
              onChange={(note) => send({ type: 'note.change', note })}
              maxLength={1000}
              rows={3}
              isDisabled={view.isStarting}
            />
          </>
        ) : view.kind ? (
          <p>{m.confirmText[view.kind](view.count)}</p>
        ) : null}
        {view.error ? <Alert tone="error">{view.error}</Alert> : null}
        {view.isStarting ? <Spinner label={m.starting} /> : null}
        <div className={dialogActions}>
          <Button variant="secondary" onPress={() => send({ type: 'dialog.cancel' })} isDisabled={view.isStarting}>
            {m.cancel}
          </Button>
          <Button onPress={() => send({ type: 'dialog.confirm' })} isDisabled={view.isStarting || !view.canConfirm}>
            {m.confirm}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
