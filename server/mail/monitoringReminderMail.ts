import { formatItalianDate } from '../../domain/italianDates.ts';
import { monitoringMessages } from '../../domain/messages/monitoring.ts';
import type { MonitoringReminderKind } from '../../domain/monitoring.ts';
import type { OutgoingMail } from './mailer.ts';

const m = monitoringMessages;

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
  const opening =
    input.kind === 'opened'
      ? `per il progetto dell'organizzazione «${input.organizationName}» finanziato dal fondo ${input.fund} è aperto il periodo «${input.periodTitle}».`
      : `ricordiamo che il periodo «${input.periodTitle}» del progetto dell'organizzazione «${input.organizationName}» (fondo ${input.fund}) non è ancora stato inviato.`;
  const lines = [
    'Buongiorno,',
    '',
    opening,
    '',
    `Le risposte vanno inviate entro il ${due}. Le risposte del periodo precedente sono già compilate: basta aggiornare ciò che è cambiato e inviare.`,
    '',
    'Per compilarlo accedi al portale e apri la pagina Monitoraggio, oppure la scheda del fondo e scegli «Monitora il tuo progetto»:',
    input.link,
    '',
    'Portale Fondi',
  ];
  const subject =
    input.kind === 'opened' ? m.mailOpenedSubject(input.fund, input.periodTitle) : m.mailDueSoonSubject(input.fund, input.periodTitle);
  return { to: input.to, subject, text: lines.join('\n') };
}
