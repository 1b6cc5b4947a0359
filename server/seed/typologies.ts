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
export const areeTematicheTurismo: LookupItem[] = [
  { id: 1, name: 'Turismo montano' },
  { id: 2, name: 'Turismo balneare e costiero' },
  { id: 3, name: "Turismo culturale e delle città d'arte" },
  { id: 4, name: 'Turismo enogastronomico' },
  { id: 5, name: 'Turismo termale e del benessere' },
  { id: 6, name: 'Turismo lacuale e fluviale' },
  { id: 7, name: 'Turismo rurale e dei borghi' },
  { id: 8, name: 'Turismo sportivo e outdoor' },
  { id: 9, name: "Turismo congressuale e d'affari" },
  { id: 10, name: 'Turismo religioso e dei cammini' },
  { id: 11, name: 'Turismo accessibile' },
];

/** Design levels in the order a project goes through them (spec §3 tempiLivello): not sorted by name. */
export const livelliProgettazione: LookupItem[] = [
  { id: 1, name: 'Studio di fattibilità' },
  { id: 2, name: 'PFTE' },
  { id: 3, name: 'PD' },
  { id: 4, name: 'PE' },
];

/** Types of funded project or intervention (PUI tipoIntervento). */
export const tipologieProgettiFinanziabili: LookupItem[] = [
  { id: 1, name: 'Riqualificazione di edifici pubblici' },
  { id: 2, name: 'Efficientamento energetico degli edifici' },
  { id: 3, name: 'Rigenerazione di aree e spazi pubblici' },
  { id: 4, name: 'Recupero di aree dismesse o degradate' },
  { id: 5, name: 'Infrastrutture per la mobilità sostenibile' },
  { id: 6, name: 'Verde urbano e forestazione' },
  { id: 7, name: 'Edilizia residenziale sociale' },
  { id: 8, name: 'Strutture culturali, sportive e ricreative' },
  { id: 9, name: 'Servizi sociali e socio-sanitari' },
  { id: 10, name: 'Strutture scolastiche ed educative' },
  { id: 11, name: 'Infrastrutture digitali e smart city' },
  { id: 12, name: 'Gestione delle acque e adattamento climatico' },
];

/**
 * The 14 Italian metropolitan cities, with their ISTAT codes. Each has the territory of the former
 * province it replaced (ISTAT province code = city code − 200).
 */
export const cittaMetropolitane: LookupItem[] = [
  { id: 201, name: 'Torino' },
  { id: 210, name: 'Genova' },
  { id: 215, name: 'Milano' },
  { id: 227, name: 'Venezia' },
  { id: 237, name: 'Bologna' },
  { id: 248, name: 'Firenze' },
  { id: 258, name: 'Roma' },
  { id: 263, name: 'Napoli' },
  { id: 272, name: 'Bari' },
  { id: 280, name: 'Reggio Calabria' },
  { id: 282, name: 'Palermo' },
  { id: 283, name: 'Messina' },
  { id: 287, name: 'Catania' },
  { id: 292, name: 'Cagliari' },
];
export const provinceOfCity = (cityId: number) => cityId - 200;
