import type { CompilationView } from '../../../domain/application.ts';
import { callPhase, type CallWindow } from '../../../domain/callWindow.ts';
import { italianDateAtTime } from '../../../domain/italianDates.ts';
import { callWindowMessages } from '../../../domain/messages/callWindow.ts';
import { statusHasTag } from '../../../machines/application-lifecycle/transitions.ts';

/**
 * Why the applicant's draft is read-only outside its call's window (issue 44), or null: before the opening or from
 * the closing time on, a draft never handed over can be read but not changed or handed over. An application handed
 * over before (submitted, or reopened by the administrators) is not held to it.
 */
export function callWindowNotice(
  call: CallWindow,
  compilation: Pick<CompilationView, 'statusCode' | 'submittedAt'> | undefined,
  now: Date,
): string | null {
  if (compilation && (compilation.submittedAt !== null || !statusHasTag(compilation.statusCode, 'editable'))) return null;
  const phase = callPhase(call, now);
  if (phase === 'closed') return callWindowMessages.closedNotice(italianDateAtTime(call.closesAt));
  if (phase === 'notYetOpen') return callWindowMessages.notYetOpenNotice(italianDateAtTime(call.opensAt));
  return null;
}
