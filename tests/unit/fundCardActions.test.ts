import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUS_CODES, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { draftWindowPhase } from '../../machines/application-lifecycle/selectors.ts';
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

describe('the card outside the call window (issue 44)', () => {
  const call = { opensAt: '2026-01-01T00:00:00+01:00', closesAt: '2026-11-30T18:00:00+01:00' };
  const afterClosing = new Date('2026-12-01T09:00:00+01:00');
  const beforeOpening = new Date('2025-12-31T09:00:00+01:00');

  it('a draft never handed over is only read once the call has closed, or before it opens; nothing to start either', () => {
    for (const now of [afterClosing, beforeOpening]) {
      const phase = draftWindowPhase(call, { statusCode: 'APERTA', submittedAt: null }, now);
      expect(phase).not.toBe('open');
      expect(fundCardActions('TUR', 'APERTA', org, phase)).toEqual([
        {
          section: 'application',
          label: 'Visualizza',
          target: { to: '/survey/{$fund}_candidatura', params: { fund: 'TUR' }, search: { isReadOnly: true } },
        },
      ]);
      expect(
        fundCardActions('TUR', 'NON_AVVIATA', org, draftWindowPhase(call, { statusCode: 'NON_AVVIATA', submittedAt: null }, now)),
      ).toEqual([]);
    }
  });

  it('an application reopened by the administrators after a hand-over, or one past the draft, is not held to the window', () => {
    const reopened = draftWindowPhase(call, { statusCode: 'APERTA', submittedAt: '2026-10-01T10:00:00.000Z' }, afterClosing);
    expect(reopened).toBe('open');
    expect(labelsAt('APERTA', reopened)).toEqual(['application:Compila']);
    const inIntegration = draftWindowPhase(call, { statusCode: 'IN_INTEGRAZIONE', submittedAt: '2026-10-01T10:00:00.000Z' }, afterClosing);
    expect(labelsAt('IN_INTEGRAZIONE', inIntegration)).toEqual(['application:Vai agli allegati']);
  });
});

const labelsAt = (status: ApplicationStatusCode, phase: ReturnType<typeof draftWindowPhase>) =>
  fundCardActions('TUR', status, org, phase).map((a) => `${a.section}:${a.label}`);
