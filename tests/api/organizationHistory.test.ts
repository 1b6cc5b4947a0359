import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationEvent } from '../../domain/organizationHistory.ts';
import { suspensionMessages } from '../../domain/messages/suspension.ts';
import { hashInvitationToken } from '../../server/auth/invitations.ts';
import { invitations } from '../../server/db/schema/invitations.ts';
import { personWithOrganization, personWithRole } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Issue 42: the organisation's history says who joined and who left, whoever made it happen — an invitation
 * accepted, a Referente removing a member, a member leaving — beside the administrators' acts. A suspension stops a
 * Referente removing somebody, not a person leaving.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const historyOf = async (organizationId: string, token: string) => {
  const answer = await t.get(`/api/Organization/GetOrganizationHistory?organizationId=${organizationId}`, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<OrganizationEvent[]>().map(({ kind, actorName, subjectName, details }) => ({ kind, actorName, subjectName, details }));
};

/** An invitation for `email` as SendEmail stores it, and the token its link carries. */
async function invitationFor(organizationId: string, email: string, invitedBy: string) {
  const token = randomBytes(24).toString('base64url');
  await t.db.insert(invitations).values({
    organizationId,
    email,
    tokenHash: hashInvitationToken(token),
    invitedBy,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return token;
}

describe('the organisation history of who joins and who leaves', () => {
  it('records an accepted invitation, a Referente removing a member and a member leaving', async () => {
    const owner = await personWithOrganization(t, { name: 'Comune di Pietralunga' });
    const marta = await t.register({ firstName: 'Marta', lastName: 'Bini' });
    const accepted = await t.post(
      '/api/Organization/AcceptInvitation',
      { token: await invitationFor(owner.orgId, marta.email, owner.userId) },
      marta.token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const martaId = (await t.get('/api/User', marta.token)).json<{ id: string }>().id;
    const luca = await personWithRole(t, owner.orgId, 'viewer', await t.register({ firstName: 'Luca', lastName: 'Sala' }));

    const removed = await t.post(`/api/Organization/RemoveMember?organizationId=${owner.orgId}&userId=${martaId}`, undefined, owner.token);
    expect(removed.statusCode, removed.body).toBe(204);
    const left = await t.post(`/api/Organization/RemoveMember?organizationId=${owner.orgId}&userId=${luca.userId}`, undefined, luca.token);
    expect(left.statusCode, left.body).toBe(204);

    const martaName = `Marta Bini (${marta.email})`;
    const lucaName = `Luca Sala (${luca.email})`;
    expect(await historyOf(owner.orgId, owner.token)).toEqual([
      { kind: 'member.added', actorName: martaName, subjectName: martaName, details: { role: 'editor', via: 'invitation' } },
      {
        kind: 'member.removed',
        actorName: expect.stringContaining(owner.email),
        subjectName: martaName,
        details: { role: 'editor', left: false },
      },
      { kind: 'member.removed', actorName: lucaName, subjectName: lucaName, details: { role: 'viewer', left: true } },
    ]);
  });

  it('while suspended, a Referente removes nobody, but a member may still leave', async () => {
    const owner = await personWithOrganization(t, { name: 'Comune di Roccasospesa' });
    const bruno = await personWithRole(t, owner.orgId, 'editor');
    const carla = await personWithRole(t, owner.orgId, 'editor');
    const admin = (await t.loginAsAdmin()).token;
    const reason = 'Verifica sulla titolarità della P.IVA in corso.';
    expect((await t.post('/api/Organization/SuspendOrganization', { organizationId: owner.orgId, reason }, admin)).statusCode).toBe(200);

    const removing = await t.post(
      `/api/Organization/RemoveMember?organizationId=${owner.orgId}&userId=${bruno.userId}`,
      undefined,
      owner.token,
    );
    expect({ status: removing.statusCode, body: removing.json() }).toEqual({
      status: 403,
      body: { error: 'organization_suspended', message: suspensionMessages.refused(reason) },
    });
    const leaving = await t.post(
      `/api/Organization/RemoveMember?organizationId=${owner.orgId}&userId=${carla.userId}`,
      undefined,
      carla.token,
    );
    expect(leaving.statusCode, leaving.body).toBe(204);
    const members = (await t.get(`/api/Organization/GetMembers?organizationId=${owner.orgId}`, owner.token)).json<{ userId: string }[]>();
    expect(members.map((member) => member.userId).sort()).toEqual([owner.userId, bruno.userId].sort());
  });
});
