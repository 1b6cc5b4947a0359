import { formatItalianDate } from '../../domain/italianDates.ts';
import { mailMessages } from '../../domain/messages/mails.ts';
import { monitoringMessages } from '../../domain/messages/monitoring.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import type { MonitoringReminderKind } from '../../domain/monitoring.ts';
import type { OutgoingMail } from './mailer.ts';

const m = monitoringMessages;
const text = mailMessages.monitoringReminder;

/**
 * The reminder that tells an organisation's members a monitoring period is open, or due soon: plain text, the
 * period, its due day, and the way back to the portal.
 */
export function monitoringReminderMail(input: {
  to: string;
  kind: MonitoringReminderKind;
  organizationName: string;
  fund: string;
  periodTitle: string;
  /** The effective due day, YYYY-MM-DD. */
  dueDay: string;
  link: string;
}): OutgoingMail {
  const due = formatItalianDate(input.dueDay);
  const opening = (input.kind === 'opened' ? text.opened : text.dueSoon)(input.organizationName, input.fund, input.periodTitle);
  const lines = [
    statusMailMessages.greeting,
    '',
    opening,
    '',
    text.due(due),
    '',
    text.howTo,
    input.link,
    '',
    statusMailMessages.portalName,
  ];
  const subject =
    input.kind === 'opened' ? m.mailOpenedSubject(input.fund, input.periodTitle) : m.mailDueSoonSubject(input.fund, input.periodTitle);
  return { to: input.to, subject, text: lines.join('\n') };
}
