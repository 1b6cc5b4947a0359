import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { joinRequestQueries } from '../../api/joinRequests.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { JoinRequestsTable } from './JoinRequestsTable.tsx';

/** The admin panel's "Richieste di adesione": every open request of every organisation, decided here too (issue 42). */
export function AdminJoinRequests() {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const query = useQuery(joinRequestQueries.open(api));
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (query.data === undefined) return <Spinner />;
  return <JoinRequestsTable requests={query.data} showOrganization />;
}
