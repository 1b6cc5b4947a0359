import { passwordMessages } from '../../domain/messages/password.ts';
import type { OutgoingMail } from './mailer.ts';

/** "Password dimenticata?": plain text, the link on a line of its own, and what to do if the person did not ask. */
export function passwordResetMail(input: { to: string; link: string }): OutgoingMail {
  const lines = [
    'Buongiorno,',
    '',
    `abbiamo ricevuto una richiesta di scegliere una nuova password per l'account del Portale Fondi registrato con questo indirizzo (${input.to}).`,
    '',
    'Per scegliere la nuova password apri il collegamento qui sotto:',
    input.link,
    '',
    'Il collegamento vale 60 minuti e si può usare una sola volta. Quando avrai scelto la nuova password, le sessioni aperte con quella vecchia verranno chiuse.',
    '',
    "Se non hai chiesto tu di cambiare la password puoi ignorare questa e-mail: la password attuale resta valida e nessuno l'ha cambiata.",
    '',
    'Cordiali saluti,',
    'Portale Fondi',
  ];
  return { to: input.to, subject: passwordMessages.mailSubject, text: lines.join('\n') };
}
