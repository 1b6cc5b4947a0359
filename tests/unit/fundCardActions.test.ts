import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUS_CODES, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { fundCardActions } from '../../src/features/funds/fundCardActions.ts';

const org = '11111111-1111-4111-8111-111111111111';
const labels = (status: ApplicationStatusCode) => fundCardActions('TUR', status, org).map((a) => `${a.section}:${a.label}`);

/** Spec §4, User card on /calls, by status. */
const expected: Record<ApplicationStatusCode, string[]> = {
  NON_AVVIATA: ['application:Candidati'],
  APERTA: ['application:Compila'],
  CANDIDATURA_SOTTOMESSA: ['application:Visualizza'],
  IN_INTEGRAZIONE: ['application:Vai agli allegati'],
  INTEGRAZIONE_SOTTOMESSA: ['application:Visualizza'],
  IN_VALUTAZIONE: ['application:Visualizza'],
  AMMISSIBILE: ['application:Visualizza domanda', 'review:Compila istruttoria'],
  RIFIUTATA: ['application:Visualizza'],
  ISTRUTTORIA_SOTTOMESSA: ['application:Visualizza domanda', 'review:Visualizza'],
  DELIBERATA: ['application:Visualizza domanda', 'review:Visualizza'],
  MONITORAGGIO_APERTO: ['application:Visualizza domanda', 'review:Visualizza', 'monitoring:Monitora il tuo progetto'],
  MONITORAGGIO_SOTTOMESSO: ['application:Visualizza domanda', 'review:Visualizza', 'monitoring:Visualizza'],
  MONITORAGGIO_CHIUSO: ['application:Visualizza domanda', 'review:Visualizza', 'monitoring:Visualizza'],
};

describe('the applicant card buttons (spec §4)', () => {
  it.each(APPLICATION_STATUS_CODES)('%s', (status) => {
    expect(labels(status)).toEqual(expected[status]);
  });

  it('Vai agli allegati opens the application wizard at the attachments step (numberStep 4)', () => {
    expect(fundCardActions('PUI', 'IN_INTEGRAZIONE', org)[0]!.target).toEqual({
      to: '/survey/{$fund}_candidatura',
      params: { fund: 'PUI' },
      search: { numberStep: 4 },
    });
  });

  it('review and monitoring go to the survey route of the organisation, read-only unless to be filled in', () => {
    const [, review] = fundCardActions('PUI', 'AMMISSIBILE', org);
    expect(review!.target).toEqual({
      to: '/survey/{$fund}_istruttoria/$organizationId',
      params: { fund: 'PUI', organizationId: org },
      search: {},
    });
    const [, readOnlyReview, monitoring] = fundCardActions('TUR', 'MONITORAGGIO_APERTO', org);
    expect(readOnlyReview!.target.search).toEqual({ isReadOnly: true });
    expect(monitoring!.target.search).toEqual({ monitoraggio: true });
    expect(fundCardActions('TUR', 'MONITORAGGIO_CHIUSO', org)[2]!.target.search).toEqual({ monitoraggio: true, isReadOnly: true });
  });

  it('submitted applications open read-only', () => {
    expect(fundCardActions('TUR', 'IN_VALUTAZIONE', org)[0]!.target).toEqual({
      to: '/survey/{$fund}_candidatura',
      params: { fund: 'TUR' },
      search: { isReadOnly: true },
    });
  });
});
