import type { ItalianNumberKind, ItalianNumberReading } from '../italianNumbers.ts';

/** The Italian texts of numeric boxes (the catalogue: domain/messageCatalogue.ts): what to write when a number cannot be read. */
export const numbersMessages = {
  form: {
    amount: 'Inserisci un importo come 1.200.000,50',
    decimal: 'Inserisci un numero come 1.250,75',
    integer: 'Inserisci un numero intero come 1.200',
  },
  decimals: {
    amount: 'Sono ammessi al massimo due decimali: inserisci un importo come 1.200.000,50',
    decimal: 'Sono ammessi al massimo due decimali: inserisci un numero come 1.250,75',
    integer: 'Inserisci un numero intero, senza decimali, come 1.200',
  },
  size: 'Il numero inserito è troppo grande.',
} as const;

/** The message for a text that could not be read as a number of this kind; null when it could. */
export function italianNumberError(reading: ItalianNumberReading, kind: ItalianNumberKind): string | null {
  if (reading.ok) return null;
  if (reading.problem === 'size') return numbersMessages.size;
  return numbersMessages[reading.problem][kind];
}
