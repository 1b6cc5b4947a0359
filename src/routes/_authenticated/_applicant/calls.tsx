import { useQueries, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { messages } from '../../../../domain/messages.ts';
import { FUNDS } from '../../../../domain/applicationStatus.ts';
import { applicationQueries } from '../../../api/applications.ts';
import { callQueries } from '../../../api/calls.ts';
import { FundCard } from '../../../features/funds/FundCard.tsx';
import { LazyReceiptList } from '../../../features/receipts/lazyReceiptList.ts';
import { cards } from '../../../features/funds/FundCards.css.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ensureQuery } from '../../-components/ensureQuery.ts';

/** Spec §2 /calls: home of an applicant with an organisation (the _applicant layout sends anyone else away). */
export const Route = createFileRoute('/_authenticated/_applicant/calls')({
  loader: async ({ context: { queryClient, api, organizationId } }) => {
    // A card with receipts lists them: their list's code is asked for beside the data and waited for when a card
    // has receipts, so the card renders whole at once.
    const receiptList = LazyReceiptList.preload().catch(() => undefined);
    const [, ...compilations] = await Promise.all([
      ensureQuery(queryClient, callQueries.list(api)),
      ...FUNDS.map((fund) => ensureQuery(queryClient, applicationQueries.compilation(api, fund, organizationId))),
    ]);
    if (compilations.some((compilation) => (compilation?.receipts.length ?? 0) > 0)) await receiptList;
  },
  component: CallsPage,
});

function CallsPage() {
  const { api, organizationId } = Route.useRouteContext();
  const calls = useQuery(callQueries.list(api));
  const compilations = useQueries({ queries: FUNDS.map((fund) => applicationQueries.compilation(api, fund, organizationId)) });
  const all = [calls, ...compilations];
  const failed = all.find((query) => query.isError);
  const ready = calls.data !== undefined && compilations.every((query) => query.data !== undefined);

  return (
    <>
      <h1>{messages.pages.calls}</h1>
      {failed && !ready ? (
        <>
          <Alert tone="error" title={messages.funds.loadFailed}>
            {failed.error?.message}
          </Alert>
          <Button onPress={() => all.forEach((query) => void query.refetch())}>{messages.funds.retry}</Button>
        </>
      ) : !ready || calls.data === undefined ? (
        // Spec §9's spinner of about a second is shown while the calls and applications load, never as a fixed wait.
        <Spinner label={messages.funds.loading} />
      ) : (
        <div className={cards}>
          {calls.data.map((call) => {
            const compilation = compilations[FUNDS.indexOf(call.fund)]?.data;
            return compilation ? <FundCard key={call.fund} call={call} compilation={compilation} organizationId={organizationId} /> : null;
          })}
        </div>
      )}
    </>
  );
}
