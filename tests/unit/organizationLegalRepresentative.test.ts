import { describe, expect, it } from 'vitest';
import { organizationMessages } from '../../domain/messages/organization.ts';
import {
  createOrganizationSchema,
  legalRepresentativeOf,
  organizationProfileSchema,
  updateOrganizationSchema,
} from '../../domain/organization.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { fiscalCodeMessages } from '../../domain/messages/fiscalCode.ts';

/** Issue 42: the legal representative's fields of the organisation schemas. */

const m = organizationMessages;
const ID = '0b8e5d3c-7a41-4f7e-9c1d-3e2f1a0b9c8d';
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  (result.error?.issues ?? []).filter((issue) => issue.path[0] === field).map((issue) => issue.message);

describe('createOrganizationSchema: the legal representative', () => {
  it('accepts a valid code, normalised as a person may type it', () => {
    const parsed = createOrganizationSchema.parse(
      organizationPayload({ legaleRappresentanteCodiceFiscale: ' bncmra70c15 h501q ', legaleRappresentanteNome: ' Mario ' }),
    );
    expect(parsed).toMatchObject({ legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H501Q', legaleRappresentanteNome: 'Mario' });
  });

  it('accepts omocodia (digits replaced by LMNPQRSTUV, the check character worked out again)', () => {
    expect(createOrganizationSchema.safeParse(organizationPayload({ legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H50MI' })).success).toBe(
      true,
    );
  });

  it.each([
    ['BNCMRA70C15H501A', fiscalCodeMessages.check],
    ['BNCMRA70C15H501', fiscalCodeMessages.length],
    ['80012345678', fiscalCodeMessages.length],
    ['BNCMRA7XC15H501Q', fiscalCodeMessages.shape],
    ['BNCMRA70C32H501Q', fiscalCodeMessages.date],
  ])('refuses %s with its own Italian message', (code, message) => {
    const result = createOrganizationSchema.safeParse(organizationPayload({ legaleRappresentanteCodiceFiscale: code }));
    expect(messagesOf(result, 'legaleRappresentanteCodiceFiscale')).toEqual([message]);
  });

  it.each([
    ['legaleRappresentanteNome', m.legalRepresentativeFirstNameRequired],
    ['legaleRappresentanteCognome', m.legalRepresentativeLastNameRequired],
    ['legaleRappresentanteCodiceFiscale', m.legalRepresentativeFiscalCodeRequired],
  ])('requires %s at registration', (field, message) => {
    for (const value of [undefined, null, '', '   ']) {
      const result = createOrganizationSchema.safeParse(organizationPayload({ [field]: value }));
      expect(messagesOf(result, field), String(value)).toEqual([message]);
    }
  });
});

describe('an organisation registered before the legal representative existed', () => {
  const {
    legaleRappresentanteNome: _n,
    legaleRappresentanteCognome: _c,
    legaleRappresentanteCodiceFiscale: _cf,
    ...older
  } = organizationPayload();

  it('is still a valid profile, without a representative', () => {
    const parsed = organizationProfileSchema.parse(older);
    expect(parsed).toMatchObject({
      legaleRappresentanteNome: null,
      legaleRappresentanteCognome: null,
      legaleRappresentanteCodiceFiscale: null,
    });
    // The profile page holds '' for an empty field: still valid.
    expect(
      organizationProfileSchema.safeParse({ ...older, legaleRappresentanteNome: '', legaleRappresentanteCodiceFiscale: '' }).success,
    ).toBe(true);
    expect(legalRepresentativeOf(parsed)).toBeNull();
  });

  it('saves another field alone; a save that empties the representative is refused with the page’s words', () => {
    expect(updateOrganizationSchema.safeParse({ id: ID, telephone: '0698765432' }).success).toBe(true);
    expect(messagesOf(updateOrganizationSchema.safeParse({ id: ID, legaleRappresentanteNome: '' }), 'legaleRappresentanteNome')).toEqual([
      m.legalRepresentativeFirstNameRequired,
    ]);
    expect(
      messagesOf(
        updateOrganizationSchema.safeParse({ id: ID, legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H501A' }),
        'legaleRappresentanteCodiceFiscale',
      ),
    ).toEqual([fiscalCodeMessages.check]);
  });
});

describe('legalRepresentativeOf', () => {
  it('reads the structured representative from the stored keys and the spec’s fields', () => {
    expect(legalRepresentativeOf(createOrganizationSchema.parse(organizationPayload()))).toEqual({
      nome: 'Mario',
      cognome: 'Bianchi',
      codiceFiscale: 'BNCMRA70C15H501Q',
      ruolo: 'Sindaco',
      luogoDiNascita: 'Roma',
      dataDiNascita: '1970-03-15T00:00:00+01:00',
    });
  });
});
