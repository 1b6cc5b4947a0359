import { describe, expect, it } from 'vitest';
import { ORGANIZATION_EVENT_KINDS, type OrganizationEvent } from '../../domain/organizationHistory.ts';
import { historyActionText, historyActorText } from '../../src/features/organization-admin/historyText.ts';

const event = (overrides: Partial<OrganizationEvent>): OrganizationEvent => ({
  id: 'e1',
  kind: 'member.added',
  at: '2026-12-05T10:00:00Z',
  actorName: 'admin@portale.test',
  actorIsPlatformAdmin: true,
  subjectName: 'Bruno Valli (bruno.valli@esempio.it)',
  reason: 'Motivo di prova abbastanza lungo.',
  details: {},
  ...overrides,
});

describe('the history table’s words', () => {
  it('says every kind the history records in its own Italian words, naming the person', () => {
    const texts = ORGANIZATION_EVENT_KINDS.map((kind) => historyActionText(event({ kind })));
    expect(new Set(texts).size).toBe(ORGANIZATION_EVENT_KINDS.length);
    expect(historyActionText(event({ kind: 'join_request.refused' }))).toBe(
      'Richiesta di ingresso di Bruno Valli (bruno.valli@esempio.it) respinta',
    );
    expect(historyActionText(event({ kind: 'legal_representative.changed', subjectName: null }))).toBe(
      'Modifica del legale rappresentante',
    );
    expect(historyActionText(event({ kind: 'organization.suspended', subjectName: null }))).toBe('Sospensione dell’organizzazione');
  });

  it('names the roles of an addition and of a role change', () => {
    expect(historyActionText(event({ kind: 'member.added', details: { role: 'viewer' } }))).toBe(
      'Aggiunta di Bruno Valli (bruno.valli@esempio.it) ai membri (Sola lettura)',
    );
    expect(historyActionText(event({ kind: 'member.role_changed', details: { from: 'editor', to: 'admin' } }))).toBe(
      'Cambio di ruolo di Bruno Valli (bruno.valli@esempio.it) da Compilatore a Referente',
    );
  });

  it('says who: the administration, a member by name, or the platform itself', () => {
    expect(historyActorText(event({}))).toBe('L’amministrazione del portale (admin@portale.test)');
    expect(historyActorText(event({ actorIsPlatformAdmin: false, actorName: 'Anna Montesi (anna@esempio.it)' }))).toBe(
      'Anna Montesi (anna@esempio.it)',
    );
    expect(historyActorText(event({ kind: 'join_request.expired', actorName: '', actorIsPlatformAdmin: false }))).toBe(
      'Il portale (automatico)',
    );
  });
});
