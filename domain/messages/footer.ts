/** The site footer's links, on every page (its own module: the first load of every page carries it). */
export const footerMessages = {
  label: 'Informazioni legali',
  privacy: 'Informativa sulla privacy',
  accessibility: 'Dichiarazione di accessibilità',
} as const;
