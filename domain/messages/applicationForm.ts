/** The Italian texts of applicationForm (the catalogue: domain/messageCatalogue.ts). */
export const applicationFormMessages = {
  required: 'Campo obbligatorio',
  tooShort: (min: number, length: number) => `Inserisci almeno ${min} caratteri (ora ${length})`,
  tooLong: (max: number) => `Limite caratteri max superato (massimo ${max})`,
  characters: (length: number, max: number) => `${length} / ${max} caratteri`,
  charactersRange: (length: number, min: number, max: number) => `${length} caratteri (da ${min} a ${max})`,
  endOfWorksTooLate: (limit: string) => `La data non può superare il ${limit}`,
  durationAtLeastOneMonth: 'La durata dei lavori deve essere di almeno 1 mese',
  forecastStartInPast: (today: string) =>
    `Una data di inizio lavori prevista non può essere già passata (oggi è il ${today}): indica una data da oggi in poi, oppure rispondi «No» se i lavori sono già iniziati`,
  yes: 'Sì',
  no: 'No',
  notAnswered: 'Non indicato',
  warningFundAmount: (limit: string) => `L'importo richiesto al Fondo supera ${limit} €`,
  warningFundShare: (percent: string) => `La quota richiesta al Fondo supera il ${percent} dell'investimento totale`,
  warningPropertyPurchase: (percent: string) => `L'acquisto di immobili supera il ${percent} dell'investimento totale`,
  warningEnergyCapex: (percent: string) => `I capex per la transizione energetica sono inferiori al ${percent} dell'investimento totale`,
  warningDigitalCapex: (percent: string) => `I capex per la transizione digitale sono inferiori al ${percent} dell'investimento totale`,
  totalsDiffer: 'I valori "Totale investimento" e "Fonti di copertura" devono essere uguali',
} as const;
