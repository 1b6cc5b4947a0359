import { JOIN_REQUEST_EXPIRY_DAYS } from '../../domain/joinRequest.ts';
import { joinRequestMailMessages as m } from '../../domain/messages/joinRequestMails.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import type { OutgoingMail } from './mailer.ts';

/** The requester's own words, set apart from ours line by line. */
const quoted = (text: string) => text.split(/\r?\n/).map((line) => `> ${line}`);

export function organizationPageLink(publicUrl: string, organizationId: string): string {
  return `${publicUrl}/your-organization/${organizationId}`;
}

/** To a referent of the organisation: who asks to join, why, and where to decide. */
export function joinRequestArrivedMail(input: {
  to: string;
  requester: { name: string; email: string };
  organizationName: string;
  reason: string;
  link: string;
}): OutgoingMail {
  const lines = [
    statusMailMessages.greeting,
    '',
    m.arrived.news(input.requester.name, input.requester.email, input.organizationName),
    '',
    m.arrived.reasonHeading,
    ...quoted(input.reason),
    '',
    m.arrived.howToDecide(JOIN_REQUEST_EXPIRY_DAYS),
    input.link,
    m.arrived.acceptedRole,
    '',
    m.arrived.whyYou(input.organizationName),
    '',
    statusMailMessages.portalName,
  ];
  return { to: input.to, subject: m.arrived.subject(input.organizationName), text: lines.join('\n') };
}

/** To the requester, once a referent or an administrator decided. */
export function joinRequestDecidedMail(input: {
  to: string;
  organizationName: string;
  accepted: boolean;
  note: string | null;
  publicUrl: string;
}): OutgoingMail {
  const lines = input.accepted
    ? [statusMailMessages.greeting, '', m.accepted.news(input.organizationName), '', m.accepted.link, `${input.publicUrl}/calls`]
    : [
        statusMailMessages.greeting,
        '',
        m.refused.news(input.organizationName),
        ...(input.note ? ['', m.refused.noteHeading, ...quoted(input.note)] : []),
        '',
        m.refused.help,
      ];
  const subject = input.accepted ? m.accepted.subject(input.organizationName) : m.refused.subject(input.organizationName);
  return { to: input.to, subject, text: [...lines, '', statusMailMessages.portalName].join('\n') };
}
