/** The Italian texts of the operators' endpoints (the catalogue: domain/messageCatalogue.ts). */
export const operationsMessages = {
  metricsOff: 'Le metriche non sono attive su questo server.',
  metricsUnauthorized: 'Le metriche sono riservate: indica il token configurato in METRICS_TOKEN.',
} as const;
