import { z } from 'zod';
import { idSchema } from './idSchema.ts';
import { joinRequestMessages as m } from './messages/joinRequest.ts';
import { plainText } from './plainText.ts';

/**
 * A request to join an organisation whose P.IVA is already registered (issue 42): its life is the machine in
 * machines/join-request, which the server obeys for every change of status.
 */
export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'refused', 'expired'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** A request nobody decided within this many days is expired: it can no longer be accepted or refused. */
export const JOIN_REQUEST_EXPIRY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a request made at `createdAt` expires. */
export function joinRequestExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + JOIN_REQUEST_EXPIRY_DAYS * DAY_MS);
}

/** Whether a request made at `createdAt` is past its term at `now`. */
export function isJoinRequestPastTerm(createdAt: Date, now: Date): boolean {
  return now.getTime() >= joinRequestExpiresAt(createdAt).getTime();
}

/** The requester's reason: short, plain text of several lines. */
export const JOIN_REASON_MIN_LENGTH = 10;
export const JOIN_REASON_MAX_LENGTH = 500;
/** The decider's optional note back to the requester. */
export const JOIN_NOTE_MAX_LENGTH = 500;

/** What is wrong with a decider's note (after trimming); null if nothing. */
export function joinNoteProblem(note: string): string | null {
  return note.trim().length > JOIN_NOTE_MAX_LENGTH ? m.noteTooLong(JOIN_NOTE_MAX_LENGTH) : null;
}

/** What is wrong with a reason as typed (after trimming), for the form and the server alike; null if nothing. */
export function joinReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text.length < JOIN_REASON_MIN_LENGTH) return m.reasonTooShort(JOIN_REASON_MIN_LENGTH);
  if (text.length > JOIN_REASON_MAX_LENGTH) return m.reasonTooLong(JOIN_REASON_MAX_LENGTH);
  return null;
}

/** What the request may carry: plain text; its length is checked by `joinReasonProblem` (its message names the limits). */
export const joinReasonSchema = z
  .string()
  .max(JOIN_REASON_MAX_LENGTH * 4)
  .superRefine(plainText('lines'));

/** POST /api/JoinRequest/CreateJoinRequest. */
export const createJoinRequestSchema = z.object({ pIva: z.string(), reason: joinReasonSchema });

/** POST /api/JoinRequest/DecideJoinRequest. */
export const decideJoinRequestSchema = z.object({
  id: idSchema,
  decision: z.enum(['accept', 'refuse']),
  note: z
    .string()
    .max(JOIN_NOTE_MAX_LENGTH * 4)
    .superRefine(plainText('lines'))
    .optional(),
});
export type JoinDecision = z.infer<typeof decideJoinRequestSchema>['decision'];

const joinRequestStatusSchema = z.enum(JOIN_REQUEST_STATUSES);

/** One of the requester's own requests: of the organisation, its name only. */
export const myJoinRequestSchema = z.object({
  id: z.string(),
  organizationName: z.string(),
  status: joinRequestStatusSchema,
  /** ISO instants. */
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** What the decider wrote back, once decided. */
  decisionNote: z.string().nullable(),
});
export type MyJoinRequest = z.infer<typeof myJoinRequestSchema>;

/** An open request as those who decide it see it (the organisation's referents, platform administrators). */
export const openJoinRequestSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  requesterName: z.string(),
  requesterEmail: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OpenJoinRequest = z.infer<typeof openJoinRequestSchema>;

export const decideJoinRequestResponseSchema = z.object({ id: z.string(), status: joinRequestStatusSchema });
