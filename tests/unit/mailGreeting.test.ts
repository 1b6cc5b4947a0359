// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { STATUS_MAIL_STATUSES } from '../../domain/statusNotifications.ts';
import { accountExistsMail } from '../../server/mail/accountExistsMail.ts';
import { invitationMail } from '../../server/mail/invitationMail.ts';
import { joinRequestArrivedMail, joinRequestDecidedMail } from '../../server/mail/joinRequestMail.ts';
import type { OutgoingMail } from '../../server/mail/mailer.ts';
import { monitoringReminderMail } from '../../server/mail/monitoringReminderMail.ts';
import { organizationAdminMail } from '../../server/mail/organizationAdminMail.ts';
import { passwordResetMail } from '../../server/mail/passwordResetMail.ts';
import { statusMail } from '../../server/mail/statusMail.ts';
import { verificationMail } from '../../server/mail/verificationMail.ts';

// Issue 46: the e-mails switched between «Gentile …» and «Buongiorno». Every e-mail the portal writes opens alike.

const to = 'persona@example.it';
const link = 'http://portale.test/x';
const publicUrl = 'http://portale.test';
const organizationName = 'Comune di Forlì';

const mails: [string, OutgoingMail][] = [
  ['verification', verificationMail({ to, link, expiresAt: new Date('2026-12-07T10:00:00Z') })],
  ['password reset', passwordResetMail({ to, link })],
  ['account exists', accountExistsMail({ to, forgotPasswordLink: link })],
  [
    'invitation',
    invitationMail({
      to,
      message: undefined,
      inviter: { firstName: 'Mario', lastName: 'Rossi', email: 'mario@example.it' },
      organizationName,
      link,
      expiresAt: new Date('2026-12-20T10:00:00Z'),
    }),
  ],
  [
    'join request',
    joinRequestArrivedMail({ to, requester: { name: 'Mario Rossi', email: 'm@example.it' }, organizationName, reason: 'Lavoro qui', link }),
  ],
  ['join request accepted', joinRequestDecidedMail({ to, organizationName, accepted: true, note: null, publicUrl })],
  ['join request refused', joinRequestDecidedMail({ to, organizationName, accepted: false, note: 'No', publicUrl })],
  [
    'monitoring reminder',
    monitoringReminderMail({
      to,
      kind: 'due_soon',
      organizationName,
      fund: 'PUI',
      periodTitle: 'Primo semestre',
      dueDay: '2027-01-31',
      link,
    }),
  ],
  [
    'organisation administration',
    organizationAdminMail({
      to,
      act: 'removed',
      organizationName,
      organizationId: '11111111-1111-4111-8111-111111111111',
      news: 'Un membro è stato rimosso.',
      reason: 'Ha lasciato l’ente.',
      at: new Date('2026-12-06T10:00:00Z'),
      publicUrl,
    }),
  ],
  ...STATUS_MAIL_STATUSES.map((status): [string, OutgoingMail] => [
    `status ${status}`,
    statusMail({ to, status, organizationName, fund: 'PUI', fundTitle: 'Fondo', note: null, deadline: null, publicUrl }),
  ]),
];

describe('the greeting of the portal’s e-mails', () => {
  it.each(mails)('%s opens with «Buongiorno,» and greets nobody by a name', (_, mail) => {
    expect(mail.text.split('\n')[0]).toBe('Buongiorno,');
    expect(mail.text).not.toMatch(/Gentile/);
  });
});
