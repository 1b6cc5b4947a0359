/** The moments of a call that decide whether a draft is still accepted (the `calls` row, calls.json). */
export interface CallWindow {
  opensAt: string | Date;
  closesAt: string | Date;
}

/** Where `now` falls against the call: before it opens, while it accepts applications, after it closed. */
export type CallPhase = 'notYetOpen' | 'open' | 'closed';

export function callPhase(call: CallWindow, now: Date): CallPhase {
  if (now.getTime() < new Date(call.opensAt).getTime()) return 'notYetOpen';
  return now.getTime() < new Date(call.closesAt).getTime() ? 'open' : 'closed';
}
