import { formatItalianDate } from '../../domain/italianDates.ts';
import { integrationMessages } from '../../domain/messages/integration.ts';
import type { OutgoingMail } from './mailer.ts';

/**
 * The e-mail that tells an organisation's members the reviewers ask for documents (spec §4 Integration):
 * plain text, the reviewers' request set apart, the deadline if any, and the way back to the portal.
 */
export function integrationRequestMail(input: {
  to: string;
  organizationName: string;
  fund: string;
  request: string;
  deadline: string | null;
  link: string;
}): OutgoingMail {
  const lines = [
    'Buongiorno,',
    '',
    `per la candidatura dell'organizzazione «${input.organizationName}» al fondo ${input.fund} sono richiesti documenti integrativi.`,
    '',
    'Richiesta di integrazione:',
    ...input.request.split(/\r?\n/).map((line) => `> ${line}`),
    '',
    ...(input.deadline ? [`I documenti vanno caricati entro il ${formatItalianDate(input.deadline)}.`, ''] : []),
    'Per caricarli accedi al portale, apri la scheda del fondo e scegli «Vai agli allegati»; al termine premi «Completa integrazione»:',
    input.link,
    '',
    'Portale Fondi',
  ];
  return { to: input.to, subject: integrationMessages.mailSubject(input.fund), text: lines.join('\n') };
}
