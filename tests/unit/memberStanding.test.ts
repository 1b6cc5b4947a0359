import { describe, expect, it } from 'vitest';
import { memberRoleMessages as r } from '../../domain/messages/memberRoles.ts';
import { suspensionMessages } from '../../domain/messages/suspension.ts';
import type { OrganizationDetail, OrganizationMember } from '../../domain/organization.ts';
import { memberStandingOf } from '../../src/features/member-standing/memberStanding.ts';

const member = (firstName: string, role: OrganizationMember['role'], isLegalRepresentative = false): OrganizationMember => ({
  userId: `u-${firstName}`,
  firstName,
  lastName: 'Rossi',
  email: `${firstName}@esempio.it`,
  role,
  isLegalRepresentative,
});
const giulia = member('Giulia', 'admin');
const anna = member('Anna', 'admin');
const bruno = member('Bruno', 'editor');
const carla = member('Carla', 'viewer', true);

type Detail = Pick<
  OrganizationDetail,
  'myRole' | 'isLegalRepresentative' | 'members' | 'legaleRappresentante' | 'status' | 'suspensionReason'
>;
const detail = (me: OrganizationMember | null, members: OrganizationMember[], named: Detail['legaleRappresentante'] = null): Detail => ({
  myRole: me?.role ?? null,
  isLegalRepresentative: me?.isLegalRepresentative ?? false,
  members,
  legaleRappresentante: named,
  status: 'active',
  suspensionReason: null,
});
const mario = {
  nome: 'Mario',
  cognome: 'Bianchi',
  codiceFiscale: 'BNCMRA70C15H501Q',
  ruolo: null,
  luogoDiNascita: null,
  dataDiNascita: null,
};

describe('what the browser tells a member of their role (issue 42)', () => {
  it('the calls’ default rule: a Referente hands over; a Compilatore reads the Referenti by name', () => {
    expect(memberStandingOf(detail(giulia, [giulia, bruno]), 'referents')).toEqual({
      mayWrite: true,
      readOnlyNotice: null,
      handOverNotice: null,
    });
    expect(memberStandingOf(detail(bruno, [giulia, anna, bruno]), 'referents')).toEqual({
      mayWrite: true,
      readOnlyNotice: null,
      handOverNotice: r.handOverByReferents('Giulia Rossi o Anna Rossi'),
    });
  });

  it('a Sola lettura member writes nothing and is told why', () => {
    const standing = memberStandingOf(detail(member('Dario', 'viewer'), [giulia]), 'referents');
    expect(standing).toMatchObject({
      mayWrite: false,
      readOnlyNotice: r.readOnlyExplanation,
      handOverNotice: r.handOverByReferents('Giulia Rossi'),
    });
  });

  it('the legalRepresentative rule: only the recognised member hands over, whatever their role; the others read their name', () => {
    expect(memberStandingOf(detail(carla, [giulia, carla]), 'legalRepresentative').handOverNotice).toBeNull();
    expect(memberStandingOf(detail(giulia, [giulia, carla]), 'legalRepresentative').handOverNotice).toBe(
      r.handOverByLegalRepresentative('Carla Rossi'),
    );
    // Not a member (yet): the profile's name; not named at all: where to name them.
    expect(memberStandingOf(detail(giulia, [giulia], mario), 'legalRepresentative').handOverNotice).toBe(
      r.handOverByLegalRepresentative('Mario Bianchi'),
    );
    expect(memberStandingOf(detail(giulia, [giulia]), 'legalRepresentative').handOverNotice).toBe(r.handOverByLegalRepresentativeUnknown);
  });

  it('in a suspended organisation nobody changes or hands over anything, and the reason says why', () => {
    const suspended = { ...detail(giulia, [giulia, bruno]), status: 'suspended' as const, suspensionReason: 'Verifica della titolarità.' };
    expect(memberStandingOf(suspended, 'referents')).toEqual({
      mayWrite: false,
      readOnlyNotice: suspensionMessages.readOnly,
      handOverNotice: null,
    });
  });

  it('a platform administrator reading says nothing of roles', () => {
    expect(memberStandingOf(detail(null, [giulia]), 'referents')).toEqual({ mayWrite: false, readOnlyNotice: null, handOverNotice: null });
  });
});
