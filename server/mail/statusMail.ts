import { HAND_OVER_STATUSES, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import type { IntegrationItem } from '../../domain/integration.ts';
import { itemTitle } from '../../domain/integrationItemText.ts';
import { formatItalianDate } from '../../domain/italianDates.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import type { StatusMailStatus } from '../../domain/statusNotifications.ts';
import type { MailAttachment, OutgoingMail } from './mailer.ts';

const m = statusMailMessages;

const isHandOver = (status: StatusMailStatus) => (HAND_OVER_STATUSES as readonly ApplicationStatusCode[]).includes(status);

/** The reviewers' own words, set apart from ours line by line. */
const quoted = (text: string) => text.split(/\r?\n/).map((line) => `> ${line}`);

/**
 * The e-mail that tells a member of an organisation that its application changed status: plain
 * text, what happened, the reviewers' note when they explain a decision (In integrazione: their request, the
 * fields and slots it points at, and its deadline), what to do next, and the way back to the portal. A hand-over mentions its receipt: attached when
 * `attachments` holds it, otherwise downloadable in the portal.
 */
export function statusMail(input: {
  to: string;
  status: StatusMailStatus;
  organizationName: string;
  fund: string;
  fundTitle: string;
  note: string | null;
  deadline: string | null;
  publicUrl: string;
  attachments?: readonly MailAttachment[];
  /** A hand-over's protocol number (its receipt's), said in the text; null when there is no receipt. */
  protocol?: string | null;
  /** In integrazione: the fields and slots the request points at, each with its message. */
  items?: readonly Pick<IntegrationItem, 'kind' | 'label' | 'step' | 'message'>[];
}): OutgoingMail {
  const text = m.statuses[input.status];
  const note = input.note?.trim() ? input.note.trim() : null;
  const integration = input.status === 'IN_INTEGRAZIONE';
  const monitoring = input.status === 'MONITORAGGIO_SOTTOMESSO' || input.status === 'MONITORAGGIO_CHIUSO';
  const attachments = input.attachments ?? [];
  const lines = [
    m.greeting,
    '',
    text.news(input.organizationName, `${input.fundTitle} (${input.fund})`),
    ...(integration && note ? ['', m.integrationHeading, ...quoted(note)] : []),
    ...(integration && input.items?.length
      ? ['', m.integrationItemsHeading, ...input.items.flatMap((item) => [`- ${itemTitle(item)}:`, ...quoted(item.message)])]
      : []),
    ...(integration && input.deadline ? ['', m.integrationDeadline(formatItalianDate(input.deadline))] : []),
    ...(text.showsNote && note ? ['', m.noteHeading, ...quoted(note)] : []),
    '',
    text.next,
    ...(isHandOver(input.status)
      ? ['', ...(input.protocol ? [m.protocol(input.protocol)] : []), attachments.length > 0 ? m.receiptAttached : m.receiptInPortal]
      : []),
    '',
    monitoring ? m.monitoringLinkIntro : m.linkIntro,
    `${input.publicUrl}${monitoring ? '/monitoraggio' : '/calls'}`,
    '',
    m.whyYou(input.organizationName),
    '',
    m.portalName,
  ];
  return {
    to: input.to,
    subject: text.subject(input.fund),
    text: lines.join('\n'),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}
