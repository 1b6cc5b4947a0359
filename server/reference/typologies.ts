import type { LookupItem } from '../../domain/lookups.ts';
import { FORMA_GIURIDICA_ALTRO_ID } from '../../domain/organization.ts';

/**
 * Reference lists of the call (spec §7 Lookups). Ids are stable: they are stored in organisations and
 * applications, so an entry may be renamed or added but never renumbered.
 */

/** Legal forms of the organisations that apply to public funds; 8 is "Altro" (spec §9), listed last. */
export const formeGiuridiche: LookupItem[] = [
  { id: 1, name: 'Comune' },
  { id: 2, name: 'Città metropolitana' },
  { id: 3, name: 'Provincia' },
  { id: 4, name: 'Regione' },
  { id: 5, name: 'Unione di comuni' },
  { id: 6, name: 'Società per azioni (S.p.A.)' },
  { id: 7, name: 'Società a responsabilità limitata (S.r.l.)' },
  { id: FORMA_GIURIDICA_ALTRO_ID, name: 'Altro' },
  { id: 9, name: 'Società in accomandita per azioni (S.a.p.a.)' },
  { id: 10, name: 'Società in nome collettivo (S.n.c.)' },
  { id: 11, name: 'Società in accomandita semplice (S.a.s.)' },
  { id: 12, name: 'Società cooperativa' },
  { id: 13, name: 'Consorzio' },
  { id: 14, name: 'Società consortile' },
  { id: 15, name: 'Fondazione' },
  { id: 16, name: 'Associazione riconosciuta' },
  { id: 17, name: 'Ente pubblico economico' },
  { id: 18, name: 'Ente pubblico non economico' },
  { id: 19, name: 'Azienda speciale' },
  { id: 20, name: 'Ente del Terzo settore' },
  { id: 21, name: 'Impresa individuale' },
];

/** Thematic areas of the sustainable-tourism fund (TUR progAreaTematica). */

// Design levels, intervention types and metropolitan cities are data files (server/reference/lists), loaded
// by referenceData.ts, so that they can be replaced like the rest of the wizard's reference data.
