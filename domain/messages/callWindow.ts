/**
 * What the wizard and the server say of a draft outside its call's window (issue 44): after the closing time, or
 * before the opening, a draft never handed over can be read but not changed or handed over. `when` is a moment
 * as "31/12/2027 alle 18:00" (Rome).
 */
export const callWindowMessages = {
  closedNotice: (when: string) =>
    `Il bando si è chiuso il ${when}: la candidatura non è stata inviata in tempo e non può più essere modificata né inviata.`,
  notYetOpenNotice: (when: string) => `Il bando apre il ${when}: da quel momento sarà possibile compilare e inviare la candidatura.`,
  submitClosed: (when: string) => `La candidatura non può più essere inviata: il bando si è chiuso il ${when}.`,
  draftClosed: (when: string) => `La bozza non può più essere salvata: il bando si è chiuso il ${when}.`,
  attachmentClosed: (when: string) => `Gli allegati della candidatura non possono più essere modificati: il bando si è chiuso il ${when}.`,
  signatureClosed: (when: string) => `La Domanda firmata non può più essere caricata: il bando si è chiuso il ${when}.`,
  notYetOpen: (when: string) => `Il bando apre il ${when}: fino ad allora la candidatura non può essere salvata né inviata.`,
} as const;
