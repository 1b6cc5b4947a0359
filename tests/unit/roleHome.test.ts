import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/user.ts';
import { currentOrganizationFor, homePathFor } from '../../machines/auth/selectors.ts';

const organization = (id: string) => ({
  id,
  name: `Org ${id}`,
  email: null,
  pIva: '01234567890',
  status: 'active' as const,
  suspensionReason: null,
});
const person = (roles: string[], organizations = [organization('a')]): User => ({
  id: 'u',
  firstName: 'Luca',
  lastName: 'Bianchi',
  email: 'luca@example.it',
  emailVerified: true,
  fiscalCode: null,
  roles,
  organizations,
});

describe('the home a person lands on (spec §2, route /)', () => {
  it('is the admin panel for an administrator, whatever the case of the role', () => {
    expect(homePathFor(person(['Admin'], []))).toBe('/admin-panel');
    expect(homePathFor(person(['user', 'ADMIN']))).toBe('/admin-panel');
  });

  it('is the funds page for an applicant with an organisation', () => {
    expect(homePathFor(person(['user']))).toBe('/calls');
  });

  it('is the organisation flow for an applicant without one', () => {
    expect(homePathFor(person(['user'], []))).toBe('/flow-organization');
  });

  it('is the welcome page for a visitor', () => {
    expect(homePathFor(null)).toBe('/');
  });
});

describe('"La tua organizzazione" in the menu', () => {
  it('opens the organisation the applicant selected', () => {
    const applicant = person(['user'], [organization('a'), organization('b')]);
    expect(currentOrganizationFor(applicant, 'b')?.id).toBe('b');
  });

  it('falls back to the first organisation when the selection is not theirs', () => {
    const applicant = person(['user'], [organization('a'), organization('b')]);
    expect(currentOrganizationFor(applicant, 'someone-else')?.id).toBe('a');
    expect(currentOrganizationFor(applicant, null)?.id).toBe('a');
  });

  it('is hidden for administrators and for people without an organisation', () => {
    expect(currentOrganizationFor(person(['admin']), 'a')).toBeNull();
    expect(currentOrganizationFor(person(['user'], []), null)).toBeNull();
  });
});
