import type { CompilationView } from '../../../domain/application.ts';
import type { CallWindow } from '../../../domain/callWindow.ts';
import { italianDateAtTime } from '../../../domain/italianDates.ts';
import { callWindowMessages } from '../../../domain/messages/callWindow.ts';
import { draftWindowPhase } from '../../../machines/application-lifecycle/selectors.ts';

/**
 * Why the applicant's draft is read-only outside its call's window (issue 44), or null: before the opening or from
 * the closing time on, a draft never handed over can be read but not changed or handed over.
 */
export function callWindowNotice(
  call: CallWindow,
  compilation: Pick<CompilationView, 'statusCode' | 'submittedAt'> | undefined,
  now: Date,
): string | null {
  const phase = draftWindowPhase(call, compilation, now);
  if (phase === 'closed') return callWindowMessages.closedNotice(italianDateAtTime(call.closesAt));
  if (phase === 'notYetOpen') return callWindowMessages.notYetOpenNotice(italianDateAtTime(call.opensAt));
  return null;
}
