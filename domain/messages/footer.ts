/** The site footer's links and its note on times, on every page (its own module: the first load of every page carries it). */
export const footerMessages = {
  label: 'Informazioni legali',
  privacy: 'Informativa sulla privacy',
  accessibility: 'Dichiarazione di accessibilità',
  /** Said once on every page, instead of beside each time: the portal shows Italy's clock (domain/italianDates.ts). */
  timeZone: 'Date e orari sono indicati nell\u2019ora italiana.',
} as const;
