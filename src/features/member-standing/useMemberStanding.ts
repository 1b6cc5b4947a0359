import { useQuery } from '@tanstack/react-query';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { callQueries } from '../../api/calls.ts';
import type { ApiClient } from '../../api/client.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';
import { memberStandingOf, type MemberStanding } from './memberStanding.ts';

/**
 * The caller's standing in the organisation for the fund's call (memberStanding.ts), from the organisation's detail
 * and the call list; undefined while either loads. A failed load says nothing: the server refuses what the role
 * may not do, with its reason, whatever the page shows.
 */
export function useMemberStanding(api: ApiClient, organizationId: string, fund: Fund): MemberStanding | undefined {
  const organization = useQuery(organizationProfileQueries.detail(api, organizationId));
  const calls = useQuery(callQueries.list(api));
  const call = calls.data?.find((item) => item.fund === fund);
  if (organization.isError || calls.isError) return { mayWrite: true, readOnlyNotice: null, handOverNotice: null };
  if (!organization.data || !call) return undefined;
  return memberStandingOf(organization.data, call.handOverBy);
}
