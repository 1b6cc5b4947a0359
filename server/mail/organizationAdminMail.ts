import { italianDateTime } from '../../domain/italianDates.ts';
import { organizationAdminMessages } from '../../domain/messages/organizationAdmin.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import type { OutgoingMail } from './mailer.ts';

const m = organizationAdminMessages.mail;

/** Which act of the administration the e-mail tells (the subject names it). */
export type OrganizationAdminAct = keyof typeof m.acts;

export interface OrganizationAdminMailInput {
  to: string;
  act: OrganizationAdminAct;
  organizationName: string;
  organizationId: string;
  /** What happened, in one sentence (organizationAdminMessages.mail.news). */
  news: string;
  reason: string;
  at: Date;
  publicUrl: string;
}

/**
 * The e-mail that tells an organisation's Referenti (and the person an act is about) what the portal's
 * administration did: the act, who («l'amministrazione del portale»), when (Rome time) and the reason given.
 */
export function organizationAdminMail(input: OrganizationAdminMailInput): OutgoingMail {
  const news = input.news.charAt(0).toUpperCase() + input.news.slice(1);
  const lines = [
    statusMailMessages.greeting,
    '',
    news,
    m.when(italianDateTime(input.at)),
    '',
    m.reason,
    input.reason,
    '',
    m.linkIntro,
    `${input.publicUrl}/your-organization/${input.organizationId}`,
    '',
    m.whyYou(input.organizationName),
    '',
    statusMailMessages.portalName,
  ];
  return { to: input.to, subject: m.subject(m.acts[input.act], input.organizationName), text: lines.join('\n') };
}
