/** The Italian texts of the operators' endpoints (the catalogue: domain/messageCatalogue.ts). */
export const operationsMessages = {
  metricsOff: 'Le metriche non sono attive su questo server.',
  metricsUnauthorized: 'Le metriche sono riservate: indica il token configurato in METRICS_TOKEN.',
  /** /readyz's answer (server/operations/): the process as a whole, and each dependency's result other than 'ok'. */
  readiness: {
    ready: 'pronto',
    notReady: 'non pronto',
    check: {
      /** An optional dependency that is not set up: it does not keep the process from being ready. */
      notConfigured: 'non configurato',
      noAnswer: 'nessuna risposta',
      unreachable: 'non raggiungibile',
      /** The migrations, while the database does not answer. */
      notCheckable: 'non verificabile',
      shuttingDown: 'arresto in corso',
    },
  },
} as const;
