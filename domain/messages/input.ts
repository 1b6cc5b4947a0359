/** What any request's input must not carry, as the server tells the person (server/jsonInput.ts). */
export const inputMessages = {
  loneSurrogate: (field: string) =>
    field
      ? `Il campo "${field}" contiene un carattere non valido (metà di un carattere speciale o di un\u2019emoji, rimasta isolata): riscrivi o incolla di nuovo il testo e riprova.`
      : 'I dati inviati contengono un carattere non valido (metà di un carattere speciale o di un\u2019emoji, rimasta isolata): riscrivi o incolla di nuovo il testo e riprova.',
  forbiddenKey: (key: string) =>
    `I dati inviati contengono un nome di campo non ammesso ("${key}"): la richiesta non può essere accettata.`,
} as const;
