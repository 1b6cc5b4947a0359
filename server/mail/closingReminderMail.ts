import type { ClosingReminderKind } from '../../domain/closingReminders.ts';
import { italianDateAtTime } from '../../domain/italianDates.ts';
import { mailMessages } from '../../domain/messages/mails.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import type { OutgoingMail } from './mailer.ts';

const text = mailMessages.closingReminder;

/**
 * The reminder that an organisation's draft is not yet handed over and its call closes soon (issue 44): plain text,
 * the call's title, its closing date and time in Rome, and the way to the application.
 */
export function closingReminderMail(input: {
  to: string;
  kind: ClosingReminderKind;
  organizationName: string;
  callTitle: string;
  closesAt: Date;
  link: string;
}): OutgoingMail {
  const when = italianDateAtTime(input.closesAt);
  const lines = [
    statusMailMessages.greeting,
    '',
    text.draft(input.organizationName, input.callTitle),
    '',
    text.closes(when, input.kind === 'seven_days' ? text.sevenDays : text.twoDays),
    text.draftIsNotSent,
    '',
    text.howTo(input.organizationName),
    input.link,
    '',
    statusMailMessages.whyYou(input.organizationName),
    '',
    statusMailMessages.portalName,
  ];
  return { to: input.to, subject: text.subject(input.callTitle, when), text: lines.join('\n') };
}
