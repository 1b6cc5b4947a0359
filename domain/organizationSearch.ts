import { foldForSearch } from './textSearch.ts';

/**
 * The admin list's search (spec §2): an organisation matches by its name (case, accents and dots ignored: «srl»
 * finds «S.r.l.»)
 * or by its P.IVA or codice fiscale, typed as people copy them — with spaces, dots or dashes, in any case, the
 * P.IVA with or without the country prefix `IT`. One definition for the server (`?q=` on the list) and the
 * browser (each keystroke), so both find the same organisations. zod-free: the admin panel loads it.
 */

/** An identifier as compared: letters and digits only, upper case. */
export function identifierKey(text: string): string {
  return text.replace(/[^0-9A-Za-z]+/g, '').toUpperCase();
}

/**
 * What an identifier query looks for, or null when the text is not one: at least four characters, at least one
 * digit (a name has none, a P.IVA and a codice fiscale always have some). `IT` before digits is the P.IVA's
 * country prefix and is dropped.
 */
export function identifierNeedle(query: string): string | null {
  const key = identifierKey(query);
  const needle = /^IT\d/.test(key) ? key.slice(2) : key;
  return needle.length >= 4 && /\d/.test(needle) ? needle : null;
}

/** A name as the search compares it: folded (domain/textSearch.ts), without its dots ("S.r.l." is "srl"). */
const nameKey = (text: string): string => foldForSearch(text).replace(/\./g, '');

/** What is kept of an organisation to search it: computed once per load, not per keystroke. */
export interface OrganizationSearchKeys {
  name: string;
  /** P.IVA and codice fiscale as identifierKey gives them, space-separated. */
  identifiers: string;
}

export function organizationSearchKeys(organization: { name: string; pIva: string; codiceFiscale: string | null }): OrganizationSearchKeys {
  const pIva = identifierKey(organization.pIva);
  return {
    name: nameKey(organization.name),
    identifiers: [/^IT\d/.test(pIva) ? pIva.slice(2) : pIva, identifierKey(organization.codiceFiscale ?? '')].filter(Boolean).join(' '),
  };
}

/** A compiled query: test each organisation's keys with it. */
export function organizationMatcher(query: string): ((keys: OrganizationSearchKeys) => boolean) | null {
  const name = nameKey(query.trim());
  if (name === '') return null;
  const id = identifierNeedle(query);
  return (keys) => keys.name.includes(name) || (id !== null && keys.identifiers.includes(id));
}
