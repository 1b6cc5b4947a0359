import { callPhase, type CallWindow } from '../../domain/callWindow.ts';
import { italianDateAtTime } from '../../domain/italianDates.ts';
import { callWindowMessages } from '../../domain/messages/callWindow.ts';
import { HttpError } from '../errors.ts';

/** What a closed call refuses: the hand-over, the saving of the draft, a change of its files, its signed Domanda. */
const closedMessages = {
  submit: callWindowMessages.submitClosed,
  draft: callWindowMessages.draftClosed,
  attachment: callWindowMessages.attachmentClosed,
  signature: callWindowMessages.signatureClosed,
};

/**
 * A draft never handed over is refused outside its call's window (409, issue 44): before the opening, or from the
 * closing time on. An application handed over before and reopened by the administrators is not: they reopened it
 * on purpose. `refused` says what was refused: the hand-over, the saving of the draft, a change of its files or of
 * its signed Domanda.
 */
export function refuseOutsideCallWindow(call: CallWindow, everHandedOver: boolean, now: Date, refused: keyof typeof closedMessages): void {
  if (everHandedOver) return;
  const phase = callPhase(call, now);
  if (phase === 'notYetOpen') throw new HttpError(409, 'call_not_open', callWindowMessages.notYetOpen(italianDateAtTime(call.opensAt)));
  if (phase === 'closed') {
    const when = italianDateAtTime(call.closesAt);
    throw new HttpError(409, 'call_closed', closedMessages[refused](when));
  }
}
