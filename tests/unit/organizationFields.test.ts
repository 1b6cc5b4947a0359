// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  createOrganizationSchema,
  ORGANIZATION_FIELDS,
  organizationDetailSchema,
  organizationFieldLabels,
  organizationFieldValues,
  organizationProfileSchema,
  PROFILE_FIELDS,
  REGISTRATION_FIELDS,
  updateOrganizationSchema,
} from '../../domain/organization.ts';

// One definition per organisation field (domain/organization.ts): the schemas, the API's detail and the forms'
// lists of fields are read from it, so a field added there is everywhere at once.
describe("the organisation's fields, defined once", () => {
  const fields = Object.keys(ORGANIZATION_FIELDS);

  it('name each field in Italian, the labels messages use', () => {
    for (const [key, field] of Object.entries(ORGANIZATION_FIELDS)) expect(organizationFieldLabels[key], key).toBe(field.label);
  });

  it('give the schemas their keys: the profile all but the VAT and the privacy consent, set once at registration', () => {
    expect(PROFILE_FIELDS).toEqual(fields.filter((key) => key !== 'pIva' && key !== 'privacy'));
    expect(Object.keys(organizationProfileSchema.in.shape).sort()).toEqual([...PROFILE_FIELDS].sort());
    expect(Object.keys(createOrganizationSchema.in.shape).sort()).toEqual([...fields].sort());
    expect(Object.keys(updateOrganizationSchema.shape).sort()).toEqual([...PROFILE_FIELDS, 'pIva', 'id'].sort());
    expect(REGISTRATION_FIELDS).not.toContain('secondoLegaleRappresentanteNome');
    expect(REGISTRATION_FIELDS).not.toContain('firmaCongiunta');
    for (const key of fields) expect(organizationDetailSchema.shape, key).toHaveProperty(key);
  });

  it('read a stored organisation from its columns and its profile, each kind of value as the API gives it', () => {
    const values = organizationFieldValues({
      name: 'Comune di Prova',
      email: null,
      pIva: '00488410010',
      profile: { region: 12, luogo_di_nascita: 'Roma', publicParticipation: true, percentParticipation: 35, telephone: 6 },
    });
    expect(values).toMatchObject({
      name: 'Comune di Prova',
      email: '',
      pIva: '00488410010',
      region: 12,
      comune: null,
      luogo_di_nascita: 'Roma',
      data_di_nascita: null,
      publicParticipation: true,
      percentParticipation: 35,
      firmaCongiunta: false,
      // Required text of a row stored without it (or of the wrong type) reads as empty.
      telephone: '',
      codiceAteco: '',
    });
    expect(Object.keys(values).sort()).toEqual([...fields].sort());
  });
});
