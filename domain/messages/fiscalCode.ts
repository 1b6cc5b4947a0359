/** The personal codice fiscale: what is wrong with one, and where the portal's copy comes from (Italian, for people). */
import type { FiscalCodeProblem } from '../fiscalCode.ts';

export const fiscalCodeMessages = {
  label: 'Codice fiscale',
  optionalLabel: 'Codice fiscale (facoltativo)',
  registrationHint: 'I 16 caratteri del tuo codice fiscale, ad esempio RSSMRA80A01H501U.',
  /** The account page: the code is read-only there. */
  accountNote:
    'Il codice fiscale proviene dal servizio di identità con cui accedi (SPID o CIE) o da quanto indicato alla registrazione: non si può modificare.',
  length: 'Il codice fiscale deve essere di 16 caratteri.',
  shape:
    'Il codice fiscale contiene caratteri non ammessi o fuori posto: sei lettere, due cifre, una lettera, due cifre, una lettera, tre cifre e una lettera.',
  date: 'La data di nascita indicata nel codice fiscale non esiste: controlla i caratteri dal 7° all’11°.',
  check: 'Il carattere di controllo (l’ultimo) non corrisponde: controlla di aver scritto correttamente il codice fiscale.',
} as const;

/** The Italian message for what is wrong with a fiscal code (domain/fiscalCode.ts `fiscalCodeProblem`). */
export function fiscalCodeMessage(problem: FiscalCodeProblem): string {
  return fiscalCodeMessages[problem];
}
