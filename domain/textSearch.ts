/**
 * A text as searches and sorts compare it: accents dropped, lower case, Italian rules ("Attività" and
 * "attivita" are the same). One definition, so the admin list's search, its server-side order and the
 * filter of long option lists agree.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('it');
}
