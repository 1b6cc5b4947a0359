import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { REFERENT_ROLE, type OrganizationDetail } from '../../../domain/organization.ts';
import { joinRequestQueries } from '../../api/joinRequests.ts';
import { Alert } from '../../ui/Alert.tsx';

// Loaded only by those who decide (Referenti, platform administrators): the organisation page stays as light.
const JoinRequestsTable = lazy(() => import('./JoinRequestsTable.tsx').then((module) => ({ default: module.JoinRequestsTable })));

interface JoinRequestsSectionProps {
  detail: OrganizationDetail;
  /** 'admin': a platform administrator's view of the organisation, who decides as well. */
  view: 'member' | 'admin';
}

/**
 * The organisation page's "Richieste di adesione" (issue 42), for its referents and platform administrators; nobody
 * else sees it (and the server would refuse them).
 */
export function JoinRequestsSection({ detail, view }: JoinRequestsSectionProps) {
  const mayDecide = view === 'admin' || detail.myRole === REFERENT_ROLE;
  if (!mayDecide) return null;
  return <OrganizationJoinRequests organizationId={detail.id} />;
}

function OrganizationJoinRequests({ organizationId }: { organizationId: string }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const query = useQuery(joinRequestQueries.ofOrganization(api, organizationId));
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (query.data === undefined) return null;
  return (
    <Suspense fallback={null}>
      <JoinRequestsTable requests={query.data} showOrganization={false} />
    </Suspense>
  );
}
