/** What any request's input must not carry, as the server tells the person (server/jsonInput.ts). */
export const inputMessages = {
  loneSurrogate: (field: string) =>
    field
      ? `Il campo "${field}" contiene un carattere non valido (metà di un carattere speciale o di un\u2019emoji, rimasta isolata): riscrivi o incolla di nuovo il testo e riprova.`
      : 'I dati inviati contengono un carattere non valido (metà di un carattere speciale o di un\u2019emoji, rimasta isolata): riscrivi o incolla di nuovo il testo e riprova.',
  /** Stands for the field when the bad text is a key of the object, not a value: Il campo "nome di un campo" … */
  keyAsField: 'nome di un campo',
  forbiddenKey: (key: string) =>
    `I dati inviati contengono un nome di campo non ammesso ("${key}"): la richiesta non può essere accettata.`,
} as const;
