import { counted } from '../italianPlural.ts';
/** 'da 3 a 200 caratteri', 'almeno 1 carattere', 'al più 40 caratteri'. */
function between(min: number | undefined, max: number | undefined, one: string, many: string): string {
  const count = (n: number) => counted(n, one, many);
  if (min !== undefined && max !== undefined) return min === max ? count(min) : `da ${min} a ${count(max)}`;
  return min !== undefined ? `almeno ${count(min)}` : `al più ${count(max ?? 0)}`;
}

/** The Italian texts of the API's reference page, /api/docs (the catalogue: domain/messageCatalogue.ts). */
export const apiReferenceMessages = {
  title: 'Documentazione dell’API',
  intro: 'Le operazioni dell’API del portale, generate dagli schemi con cui il server convalida le richieste e le risposte.',
  loading: 'Caricamento della documentazione…',
  loadFailed: 'Non è stato possibile caricare la documentazione dell’API.',
  backToPanel: 'Torna al Pannello Admin',
  version: (version: string, openapi: string) => `Versione ${version} · OpenAPI ${openapi}`,
  download: 'Scarica openapi.json',
  search: 'Cerca un’operazione',
  searchHint: 'Cerca nel percorso, nel nome o nel controller.',
  noMatch: 'Nessuna operazione corrisponde alla ricerca.',
  contents: 'Controller',
  operationCount: (count: number) => counted(count, 'operazione', 'operazioni'),
  access: 'Accesso',
  publicAccess: 'Aperta: senza token d’accesso.',
  bearerAccess: 'Con il token d’accesso (Authorization: Bearer).',
  parameters: 'Parametri',
  noParameters: 'Nessun parametro.',
  locations: { query: 'nella query', header: 'nell’header', path: 'nel percorso', cookie: 'in un cookie' } as Record<string, string>,
  requestBody: 'Corpo della richiesta',
  noRequestBody: 'Nessun corpo.',
  responses: 'Risposte',
  otherStatuses: 'ogni altro stato',
  noContent: 'Senza corpo.',
  mediaType: (mediaType: string) => `Formato: ${mediaType}`,
  required: 'obbligatorio',
  schemaName: (name: string) => `schema ${name}`,
  types: {
    string: 'testo',
    integer: 'numero intero',
    number: 'numero',
    boolean: 'sì/no',
    object: 'oggetto',
    array: 'elenco',
    null: 'null',
  } as Record<string, string>,
  anyValue: 'qualsiasi valore JSON',
  binary: 'file (byte)',
  listOf: 'elenco di',
  oneOf: 'uno tra:',
  allowedValues: (values: string) => `valori: ${values}`,
  constant: (value: string) => `vale ${value}`,
  format: (format: string) => `formato ${format}`,
  pattern: (pattern: string) => `forma ${pattern}`,
  length: (min: number | undefined, max: number | undefined) => between(min, max, 'carattere', 'caratteri'),
  items: (min: number | undefined, max: number | undefined) => between(min, max, 'elemento', 'elementi'),
  minimum: (value: number, exclusive: boolean) => (exclusive ? `maggiore di ${value}` : `almeno ${value}`),
  maximum: (value: number, exclusive: boolean) => (exclusive ? `minore di ${value}` : `al più ${value}`),
  defaultValue: (value: string) => `predefinito ${value}`,
  otherProperties: 'altre proprietà ammesse',
  recursive: 'definito sopra',
} as const;
