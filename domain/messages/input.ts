/** What any request's input must not carry, as the server tells the person (server/jsonInput.ts, domain/plainText.ts). */
export const inputMessages = {
  inputTooDeep: 'I dati inviati hanno una struttura troppo annidata e non possono essere accettati.',
  nulCharacter: (field: string) =>
    field
      ? `Il campo "${field}" contiene un carattere non ammesso (carattere nullo, U+0000): rimuovilo e riprova.`
      : 'I dati inviati contengono un carattere non ammesso (carattere nullo, U+0000): rimuovilo e riprova.',
  loneSurrogate: (field: string) =>
    field
      ? `Il campo "${field}" contiene un carattere non valido (metà di un carattere speciale o di un\u2019emoji, rimasta isolata): riscrivi o incolla di nuovo il testo e riprova.`
      : 'I dati inviati contengono un carattere non valido (metà di un carattere speciale o di un\u2019emoji, rimasta isolata): riscrivi o incolla di nuovo il testo e riprova.',
  /** Stands for the field when the bad text is a key of the object, not a value: Il campo "nome di un campo" … */
  keyAsField: 'nome di un campo',
  /** A text of one line (a name, an address) with a line break in it (domain/plainText.ts). */
  lineBreak: 'Il campo non può contenere ritorni a capo',
  /** Control characters, or characters that reverse the direction of the text (domain/plainText.ts). */
  invisibleCharacters:
    'Il campo contiene caratteri invisibili non ammessi (caratteri di controllo o che cambiano la direzione del testo): riscrivilo senza incollarli.',
  forbiddenKey: (key: string) =>
    `I dati inviati contengono un nome di campo non ammesso ("${key}"): la richiesta non può essere accettata.`,
} as const;
