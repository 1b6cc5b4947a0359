import { setup } from 'xstate';
import type { ApplicationLifecycleEvent } from './types.ts';

/**
 * The life of one application (TUR or PUI) of one organisation: the thirteen statuses of spec §4 as states,
 * named by their stable codes, and every change anybody may cause as an event. It is the single authority
 * on status changes: the server asks it whether (current status, role, requested status) is a transition
 * and refuses anything else (see transitions.ts); the client offers only the changes it allows.
 *
 * Tags: `editable` — the draft may still be autosaved and submitted; `submitted` — the application is
 * immutable for the applicant; `review` — the review (istruttoria) section shows on the fund card;
 * `monitoring` — the monitoring section shows.
 */
export const applicationLifecycleMachine = setup({
  types: {
    events: {} as ApplicationLifecycleEvent,
  },
}).createMachine({
  id: 'applicationLifecycle',
  description:
    'Statuses and who may change them (spec §4). Applicants: autosave → Aperta (not once submitted), ' +
    'submit → Candidatura Sottomessa, Completa integrazione → Integrazione Sottomessa (irreversible), ' +
    'review survey → Istruttoria Sottomessa, monitoring survey → Monitoraggio Sottomesso. Admins, as in the ' +
    "spec's table: Aperta from any status except Istruttoria Sottomessa (and except Non avviata, where there " +
    'is nothing to reopen, and Aperta itself); Rifiutata, In integrazione, Ammissibile from In valutazione; ' +
    'In valutazione from Candidatura Sottomessa or Integrazione Sottomessa; Deliberata from Istruttoria ' +
    'Sottomessa. The spec does not show how the Monitoraggio statuses are reached: they are modelled as admin ' +
    'changes — Deliberata → Monitoraggio Aperto, Monitoraggio Sottomesso → Monitoraggio Chiuso or back to ' +
    'Monitoraggio Aperto.',
  initial: 'NON_AVVIATA',
  states: {
    NON_AVVIATA: {
      description: 'Non avviata: no draft yet. The fund card offers Candidati.',
      tags: ['editable'],
      on: {
        'applicant.draft.autosave': { target: 'APERTA' },
      },
    },
    APERTA: {
      description: 'Aperta: a draft exists and is autosaved on every step change until it is submitted.',
      tags: ['editable'],
      on: {
        'applicant.draft.autosave': { target: 'APERTA' },
        'applicant.application.submit': { target: 'CANDIDATURA_SOTTOMESSA' },
      },
    },
    CANDIDATURA_SOTTOMESSA: {
      description: 'Candidatura Sottomessa: submitted, read-only for the applicant, waiting for review.',
      tags: ['submitted'],
      on: {
        'admin.evaluate': { target: 'IN_VALUTAZIONE' },
        'admin.reopen': { target: 'APERTA' },
      },
    },
    IN_INTEGRAZIONE: {
      description: 'In integrazione: the reviewers asked for supplementary attachments.',
      tags: ['submitted'],
      on: {
        'applicant.integration.complete': { target: 'INTEGRAZIONE_SOTTOMESSA' },
        'admin.reopen': { target: 'APERTA' },
      },
    },
    INTEGRAZIONE_SOTTOMESSA: {
      description: 'Integrazione Sottomessa: the applicant completed the integration; there is no going back for them.',
      tags: ['submitted'],
      on: {
        'admin.evaluate': { target: 'IN_VALUTAZIONE' },
        'admin.reopen': { target: 'APERTA' },
      },
    },
    IN_VALUTAZIONE: {
      description: 'In valutazione: the reviewers decide between Ammissibile, Rifiutata and a request for integration.',
      tags: ['submitted'],
      on: {
        'admin.admit': { target: 'AMMISSIBILE' },
        'admin.reject': { target: 'RIFIUTATA' },
        'admin.integration.request': { target: 'IN_INTEGRAZIONE' },
        'admin.reopen': { target: 'APERTA' },
      },
    },
    AMMISSIBILE: {
      description: 'Ammissibile: the applicant fills in the review (istruttoria) survey.',
      tags: ['submitted', 'review'],
      on: {
        'applicant.review.submit': { target: 'ISTRUTTORIA_SOTTOMESSA' },
        'admin.reopen': { target: 'APERTA' },
      },
    },
    RIFIUTATA: {
      description: 'Rifiutata: not admitted.',
      tags: ['submitted'],
      on: {
        'admin.reopen': { target: 'APERTA' },
      },
    },
    ISTRUTTORIA_SOTTOMESSA: {
      description: 'Istruttoria Sottomessa: the review survey is submitted and can no longer change; only Deliberata follows.',
      tags: ['submitted', 'review'],
      on: {
        'admin.deliberate': { target: 'DELIBERATA' },
      },
    },
    DELIBERATA: {
      description: 'Deliberata: funding decided; monitoring may start.',
      tags: ['submitted', 'review'],
      on: {
        'admin.monitoring.open': { target: 'MONITORAGGIO_APERTO' },
        'admin.reopen': { target: 'APERTA' },
      },
    },
    MONITORAGGIO_APERTO: {
      description: 'Monitoraggio Aperto: the applicant fills in the monitoring survey (Monitora il tuo progetto).',
      tags: ['submitted', 'monitoring'],
      on: {
        'applicant.monitoring.submit': { target: 'MONITORAGGIO_SOTTOMESSO' },
        'admin.reopen': { target: 'APERTA' },
      },
    },
    MONITORAGGIO_SOTTOMESSO: {
      description: 'Monitoraggio Sottomesso: the monitoring survey is submitted; the admins close the period or open another.',
      tags: ['submitted', 'monitoring'],
      on: {
        'admin.monitoring.close': { target: 'MONITORAGGIO_CHIUSO' },
        'admin.monitoring.open': { target: 'MONITORAGGIO_APERTO' },
        'admin.reopen': { target: 'APERTA' },
      },
    },
    MONITORAGGIO_CHIUSO: {
      description: 'Monitoraggio Chiuso: monitoring is over.',
      tags: ['submitted', 'monitoring'],
      on: {
        'admin.reopen': { target: 'APERTA' },
      },
    },
  },
});
