import { fromPromise } from 'xstate';
import { profileMessages } from '../../../domain/messages/profile.ts';
import type { OrganizationDetail } from '../../../domain/organization.ts';
import type { FieldSaveFailure, SaveFieldInput, SaveFieldOutput } from '../../../machines/field-edit/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiRequestError } from '../../api/errors.ts';
import { updateOrganization } from '../../api/organizationProfile.ts';
import { checkProfileChanges, profileValuesOf } from './profileValues.ts';

interface SaveProfileDeps {
  api: ApiClient;
  organizationId: string;
  /** The profile as stored now, for the page (names of the chosen region, legal form…) and the cache. */
  onSaved(detail: OrganizationDetail): void;
}

function refusal(error: unknown): FieldSaveFailure {
  if (!(error instanceof ApiRequestError)) return { message: profileMessages.saveFailed, fieldErrors: {} };
  const fieldErrors = Object.fromEntries(error.issues.map((issue) => [issue.field, issue.message]));
  return { message: error.message, fieldErrors };
}

/**
 * The profile's save: the spec §5 rules first, then POST /api/Organization/UpdateOrganization with the
 * changed keys only (comune, province, region, address and numCivico are strings already).
 */
export function createSaveProfileField({ api, organizationId, onSaved }: SaveProfileDeps) {
  return fromPromise<SaveFieldOutput, SaveFieldInput>(async ({ input }) => {
    const check = checkProfileChanges(input.values, input.changes);
    if (!check.ok) throw { message: profileMessages.saveFailed, fieldErrors: check.fieldErrors } satisfies FieldSaveFailure;
    let detail: OrganizationDetail;
    try {
      detail = await updateOrganization(api, organizationId, input.changes);
    } catch (error) {
      throw refusal(error);
    }
    onSaved(detail);
    return profileValuesOf(detail);
  });
}
