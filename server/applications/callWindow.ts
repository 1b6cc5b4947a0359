import { callPhase, type CallWindow } from '../../domain/callWindow.ts';
import { italianDateAtTime } from '../../domain/italianDates.ts';
import { callWindowMessages } from '../../domain/messages/callWindow.ts';
import { HttpError } from '../errors.ts';

/**
 * A draft never handed over is refused outside its call's window (409, issue 44): before the opening, or from the
 * closing time on. An application handed over before and reopened by the administrators is not: they reopened it
 * on purpose. `verb` says what was refused: the hand-over or the saving of the draft.
 */
export function refuseOutsideCallWindow(call: CallWindow, everHandedOver: boolean, now: Date, refused: 'submit' | 'draft'): void {
  if (everHandedOver) return;
  const phase = callPhase(call, now);
  if (phase === 'notYetOpen') throw new HttpError(409, 'call_not_open', callWindowMessages.notYetOpen(italianDateAtTime(call.opensAt)));
  if (phase === 'closed') {
    const when = italianDateAtTime(call.closesAt);
    throw new HttpError(
      409,
      'call_closed',
      refused === 'submit' ? callWindowMessages.submitClosed(when) : callWindowMessages.draftClosed(when),
    );
  }
}
