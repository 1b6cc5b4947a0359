import { suspensionMessages } from '../../domain/messages/suspension.ts';
import { membersMayAct } from '../../machines/organization-lifecycle/transitions.ts';
import { HttpError } from '../errors.ts';

/**
 * A member's change or hand-over for an organisation the lifecycle does not let its members act in (suspended):
 * 403 organization_suspended, with the administrator's reason. The access hook asks it of every write a member
 * makes (server/auth/access.ts); platform administrators' own acts do not pass through it.
 */
export function refuseWhileSuspended(organization: { status: string; suspensionReason: string | null }): void {
  if (membersMayAct(organization)) return;
  throw new HttpError(403, 'organization_suspended', suspensionMessages.refused(organization.suspensionReason ?? ''));
}
