import { getNextSnapshot } from 'xstate';
import { APPLICATION_STATUS_CODES, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import type { AttachmentPurpose } from '../../domain/attachments.ts';
import { applicationLifecycleMachine } from './applicationLifecycle.machine.ts';
import type { ApplicationLifecycleEventType, LifecycleRole, LifecycleTransition } from './types.ts';

/**
 * Everything the server (and the client's dialogs) ask about status changes, derived once from the machine
 * by running it: for every status and every event the machine knows, is the event accepted there and which
 * status follows. There is no second table of transitions anywhere.
 */

export type LifecycleTag = 'editable' | 'submitted' | 'review' | 'monitoring';

const machine = applicationLifecycleMachine;

/** The machine's snapshot for an application stored in `status`. */
export function lifecycleSnapshotAt(status: ApplicationStatusCode) {
  return machine.resolveState({ value: status, context: {} });
}

export const LIFECYCLE_EVENT_TYPES = machine.root.events as ApplicationLifecycleEventType[];

export function roleOfEvent(type: ApplicationLifecycleEventType): LifecycleRole {
  return type.startsWith('admin.') ? 'admin' : 'applicant';
}

/** The machine's states are the status codes; checked by hand (no zod: the browser's shell loads this file). */
function statusCodeOf(value: unknown): ApplicationStatusCode {
  if (!APPLICATION_STATUS_CODES.includes(value as ApplicationStatusCode)) throw new Error(`Not a status code: ${String(value)}`);
  return value as ApplicationStatusCode;
}

function deriveTransitions(): LifecycleTransition[] {
  const found: LifecycleTransition[] = [];
  for (const from of APPLICATION_STATUS_CODES) {
    const snapshot = lifecycleSnapshotAt(from);
    for (const event of LIFECYCLE_EVENT_TYPES) {
      if (!snapshot.can({ type: event })) continue;
      const to = statusCodeOf(getNextSnapshot(machine, snapshot, { type: event }).value);
      found.push({ from, event, role: roleOfEvent(event), to });
    }
  }
  // The server maps (role, requested status) to an event: that is only sound if each event has one target.
  for (const event of LIFECYCLE_EVENT_TYPES) {
    const targets = new Set(found.filter((t) => t.event === event).map((t) => t.to));
    if (targets.size !== 1) throw new Error(`lifecycle event ${event} must lead to exactly one status, not ${[...targets].join(', ')}`);
  }
  return found;
}

/** Every transition of the machine, in the spec's status order. */
export const lifecycleTransitions: readonly LifecycleTransition[] = deriveTransitions();

const statusAfterEvent = new Map(lifecycleTransitions.map((t) => [t.event, t.to]));

/** The status `event` leads to, wherever it is accepted (one per event: checked when the module loads). */
export function statusAfter(event: ApplicationLifecycleEventType): ApplicationStatusCode {
  return statusAfterEvent.get(event)!;
}

/** The transition that lets `role` move an application from `from` to `to`, if the machine has one. */
export function findTransition(
  from: ApplicationStatusCode,
  role: LifecycleRole,
  to: ApplicationStatusCode,
): LifecycleTransition | undefined {
  return lifecycleTransitions.find((t) => t.from === from && t.role === role && t.to === to);
}

export function canTransition(from: ApplicationStatusCode, role: LifecycleRole, to: ApplicationStatusCode): boolean {
  return findTransition(from, role, to) !== undefined;
}

/** The transition `event` causes in `from`; undefined when the machine does not accept it there. */
export function transitionOn(from: ApplicationStatusCode, event: ApplicationLifecycleEventType): LifecycleTransition | undefined {
  return lifecycleTransitions.find((t) => t.from === from && t.event === event);
}

/** The statuses in which `event` is accepted (e.g. where an autosave may happen). */
export function sourcesOf(event: ApplicationLifecycleEventType): ApplicationStatusCode[] {
  return lifecycleTransitions.filter((t) => t.event === event).map((t) => t.from);
}

function targetsFrom(status: ApplicationStatusCode, role: LifecycleRole): ApplicationStatusCode[] {
  const targets = new Set(lifecycleTransitions.filter((t) => t.from === status && t.role === role).map((t) => t.to));
  return APPLICATION_STATUS_CODES.filter((code) => targets.has(code));
}

const adminTargets = new Map(APPLICATION_STATUS_CODES.map((s) => [s, targetsFrom(s, 'admin')]));

/** What the admin's status dialog offers for an application in `status`, in the spec's order. */
export function adminTargetsFrom(status: ApplicationStatusCode): readonly ApplicationStatusCode[] {
  return adminTargets.get(status) ?? [];
}

/**
 * The applicant's event through which each kind of attachment is handed over: application files go with
 * the draft (until it is submitted), integration documents with the completed integration, review (DNSH)
 * documents with the submitted review, monitoring documents with the submitted period.
 */
const EVENT_OF_PURPOSE: Record<AttachmentPurpose, ApplicationLifecycleEventType> = {
  application: 'applicant.draft.autosave',
  integration: 'applicant.integration.complete',
  review: 'applicant.review.submit',
  monitoring: 'applicant.monitoring.submit',
};

/**
 * Whether the organisation may add or remove attachments of `purpose` while its application is in `status`
 * (undefined: no application yet, as Non avviata). The lifecycle decides: exactly while the machine accepts
 * the applicant's event for that purpose.
 */
export function isAttachmentPurposeOpen(status: ApplicationStatusCode | undefined, purpose: AttachmentPurpose): boolean {
  return transitionOn(status ?? 'NON_AVVIATA', EVENT_OF_PURPOSE[purpose]) !== undefined;
}

export function statusHasTag(status: ApplicationStatusCode, tag: LifecycleTag): boolean {
  return lifecycleSnapshotAt(status).hasTag(tag);
}

/** Submitted at least once and not reopened: read-only for the applicant (HasSubmittedTur/Pui). */
export function isSubmittedStatus(status: ApplicationStatusCode): boolean {
  return statusHasTag(status, 'submitted');
}

/**
 * The shortest sequence of events that brings a new application to `status` (breadth-first over the
 * machine's transitions). Demo data walks it, so every demo application has a believable history.
 */
export function eventsLeadingTo(status: ApplicationStatusCode): LifecycleTransition[] {
  const start: ApplicationStatusCode = 'NON_AVVIATA';
  const via = new Map<ApplicationStatusCode, LifecycleTransition | null>([[start, null]]);
  const queue: ApplicationStatusCode[] = [start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === status) break;
    for (const t of lifecycleTransitions) {
      if (t.from !== current || via.has(t.to)) continue;
      via.set(t.to, t);
      queue.push(t.to);
    }
  }
  if (!via.has(status)) throw new Error(`status ${status} cannot be reached`);
  const steps: LifecycleTransition[] = [];
  for (let step = via.get(status); step; step = via.get(step.from)) steps.unshift(step);
  return steps;
}
