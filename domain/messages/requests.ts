import { counted } from '../italianPlural.ts';
/**
 * What the server answers to a request it refuses before any route's own rule: the HTTP statuses without a text of
 * their own, a field that fails its schema, too many requests (the catalogue: domain/messageCatalogue.ts).
 */
export const requestMessages = {
  /** The PDF renderer's queue is full (a click day's burst of receipts, issue 45): the person tries again shortly. */
  pdfBusy: 'Molti documenti sono in preparazione in questo momento: riprova tra qualche secondo.',
  methodNotAllowed: 'Operazione non consentita.',
  notAcceptable: 'Formato della risposta non disponibile.',
  payloadTooLarge: 'Il contenuto inviato è troppo grande.',
  unsupportedMediaType: 'Il formato del contenuto inviato non è supportato.',
  tooManyRequests: 'Troppe richieste: riprova tra qualche istante.',
  /** A request whose body arrived too slowly, or stopped arriving (server/http/slowClients.ts). */
  requestTimeout: 'La richiesta è arrivata troppo lentamente ed è stata interrotta: controlla la connessione e riprova.',
  /** Headers larger than Node accepts (16 KB): a cookie or a header grown out of bounds. */
  headersTooLarge: 'Le intestazioni della richiesta sono troppo grandi.',
  /** A request whose connection closed before its body arrived whole (the answer seldom reaches anyone). */
  requestInterrupted: 'La richiesta si è interrotta prima di arrivare completa: riprova.',
  /** A rate limit's refusal; `wait` is `retryInAMinute` or `retryInMinutes(n)`. */
  rateLimited: (wait: string) => `Troppe richieste in poco tempo: per sicurezza l'operazione è sospesa. Riprova ${wait}.`,
  retryInAMinute: 'tra un minuto',
  retryInMinutes: (minutes: number) => `tra ${counted(minutes, 'minuto', 'minuti')}`,
  /** For a wait of over an hour and a half (a day's limit): see retryWait in server/rateLimits/rateLimiter.ts. */
  retryInHours: (hours: number) => `tra ${counted(hours, 'ora', 'ore')}`,
  invalidField: (field: string) => `Il campo "${field}" non è valido: controlla il valore inserito.`,
  /** `reason`: the rule the field broke, an Italian text of the catalogue. */
  invalidFieldBecause: (field: string, reason: string) => `Il campo "${field}" non è valido: ${reason}`,
} as const;
