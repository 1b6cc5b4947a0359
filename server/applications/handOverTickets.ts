import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import type { HandOverGate } from './handOverGate.ts';

/** How long a first-try ticket keeps its place: longer than any click day's queue, shorter than a session. */
export const HAND_OVER_TICKET_MS = 10 * 60 * 1000;
/** A ticket dated later than now by more than this (another process's clock) is not believed. */
const CLOCK_SKEW_MS = 5000;

const cookieName = (fund: string) => `pf_handover_${fund.toLowerCase()}`;

interface TicketKey {
  organizationId: string;
  fund: string;
}

/**
 * The time of this application's first try, from the ticket a queued try was given: signed with the cookie secret
 * (HMAC-SHA256, the same secret in every process), for this organisation and fund, and no older than
 * HAND_OVER_TICKET_MS. Anything else (no ticket, a forged or altered one, another application's, an expired one) is
 * ignored: the try counts from now, as if it were the first.
 */
export function firstTryOf(request: FastifyRequest, key: TicketKey, now = Date.now()): number | undefined {
  const raw = request.cookies?.[cookieName(key.fund)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  const [organizationId, fund, at] = unsigned.value.split('|');
  const firstTry = Number(at);
  if (organizationId !== key.organizationId || fund !== key.fund || !Number.isSafeInteger(firstTry)) return undefined;
  if (firstTry < now - HAND_OVER_TICKET_MS || firstTry > now + CLOCK_SKEW_MS) return undefined;
  return firstTry;
}

/**
 * Runs a hand-over in the click day's queue in the order of its first try (decision 0064): a try
 * the queue refuses (503 «Sei in coda…») is given a ticket of its first try in a cookie for the hand-over's path,
 * which the browser sends with its retry by itself; a try that went through ends the ticket.
 */
export async function handOverInTurn<T>(
  gate: HandOverGate,
  request: FastifyRequest,
  reply: FastifyReply,
  key: TicketKey,
  work: () => Promise<T>,
): Promise<T> {
  const ticketed = firstTryOf(request, key);
  const firstTry = ticketed ?? Date.now();
  const options = {
    path: request.routeOptions.url ?? '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  } as const;
  try {
    const result = await gate.run(work, firstTry);
    if (ticketed !== undefined) reply.clearCookie(cookieName(key.fund), options);
    return result;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'handover_queued') {
      reply.setCookie(cookieName(key.fund), `${key.organizationId}|${key.fund}|${firstTry}`, {
        ...options,
        signed: true,
        maxAge: HAND_OVER_TICKET_MS / 1000,
      });
    }
    throw error;
  }
}
