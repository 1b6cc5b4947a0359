import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallFileEntry } from '../../domain/call.ts';
import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import { organizationEvents } from '../../server/db/schema/organizations.ts';
import { DEFAULT_CALLS_FILE } from '../../server/reference/calls.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import {
  signInThroughExternalProvider as signIn,
  startPortalWithExternalProvider,
  type ExternalProvider,
} from '../support/externalProviderPortal.ts';
import { organizationPayload, personWithOrganization, personWithRole } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Issue 42: members act within their role, and who hands over is the call's rule (calls.json `handOverBy`): the
 * Referenti by default, or only the legal representative, known by the codice fiscale of their account (SPID/CIE
 * `fiscal_number`, or the one given at registration) equal to the profile's `legaleRappresentanteCodiceFiscale`.
 * The sweep over every route is tests/api/accessMatrix.test.ts; here, the rules one by one.
 */

/** The legal representative of organizationPayload(). */
const REPRESENTATIVE = 'BNCMRA70C15H501Q';

/** A calls file as shipped, with TUR handed over by its legal representative only (no signed Domanda: signedDomanda.test.ts). */
function callsFileWithLegalRepresentativeForTur(): string {
  const calls = JSON.parse(readFileSync(DEFAULT_CALLS_FILE, 'utf8')) as CallFileEntry[];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pf-calls-')), 'calls.json');
  writeFileSync(
    file,
    JSON.stringify(
      calls.map((call) => ({ ...call, signatureRequired: false, ...(call.fund === 'TUR' ? { handOverBy: 'legalRepresentative' } : {}) })),
    ),
  );
  return file;
}

const submitTur = (t: TestApp, organizationId: string, token: string) => t.post('/api/Tur/CreateUpdateTur', { organizationId }, token);
const forbidden = (message: string) => ({ error: 'forbidden', message });

describe('the calls’ default rule: the Referenti hand over', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('GetCallList says who hands over each call', async () => {
    const calls = (await t.get('/api/Call/GetCallList', (await t.register()).token)).json<{ fund: string; handOverBy: string }[]>();
    expect(calls.map(({ fund, handOverBy }) => ({ fund, handOverBy }))).toEqual([
      { fund: 'TUR', handOverBy: 'referents' },
      { fund: 'PUI', handOverBy: 'referents' },
    ]);
  });

  it('refuses a Compilatore’s hand-over (submit and status change), even the legal representative’s, and lets the Referente through', async () => {
    const referent = await personWithOrganization(t, { name: 'Comune dei Referenti' });
    // The legal representative is a Compilatore here: under this rule, that does not make them hand over.
    const compiler = await personWithRole(t, referent.orgId, 'editor', await t.register({ fiscalCode: REPRESENTATIVE }));
    const refused = await submitTur(t, referent.orgId, compiler.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(forbidden(memberRoleMessages.refusedHandOverReferents('editor')));
    const pui = await forceApplicationStatus(t, referent.orgId, 'PUI', 'IN_INTEGRAZIONE', { submittedAt: new Date() });
    const status = await t.post(
      `/api/Pui/UpdatePuiCompilazioneStatus?${new URLSearchParams({ puiId: pui, status: 'Integrazione Sottomessa' })}`,
      undefined,
      compiler.token,
    );
    expect(status.statusCode).toBe(403);
    expect(status.json()).toEqual(forbidden(memberRoleMessages.refusedHandOverReferents('editor')));
    // The Referente reaches the submission's own checks (an empty application is incomplete).
    expect((await submitTur(t, referent.orgId, referent.token)).statusCode).toBe(422);
  });

  it('refuses a Sola lettura member’s autosave, and tells why', async () => {
    const referent = await personWithOrganization(t, { name: 'Comune in Sola Lettura' });
    const viewer = await personWithRole(t, referent.orgId, 'viewer');
    const saved = await t.post(
      '/api/DraftCompilazione/CreateDraftCompilazione',
      { compilazioneType: 0, json: JSON.stringify({ progNome: 'Non dovrebbe' }), organizationId: referent.orgId },
      viewer.token,
    );
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toEqual(forbidden(memberRoleMessages.refusedWrite('viewer')));
    expect((await t.get(`/api/DraftCompilazione/GetTurDraft?orgId=${referent.orgId}`, referent.token)).statusCode).toBe(404);
    // Reading is theirs.
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${referent.orgId}`, viewer.token)).json()).toMatchObject({
      myRole: 'viewer',
      canEdit: false,
    });
  });
});

describe('a call handed over by the legal representative only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CALLS_FILE: callsFileWithLegalRepresentativeForTur() } });
  });
  afterAll(async () => t?.close());

  it('lets the member whose codice fiscale is the legal representative’s hand over, whatever their role, and nobody else', async () => {
    const referent = await personWithOrganization(t, { name: 'Comune del Legale Rappresentante' });
    const calls = (await t.get('/api/Call/GetCallList', referent.token)).json<{ fund: string; handOverBy: string }[]>();
    expect(calls.find((call) => call.fund === 'TUR')?.handOverBy).toBe('legalRepresentative');

    const refused = await submitTur(t, referent.orgId, referent.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(forbidden(memberRoleMessages.refusedHandOverLegalRepresentative));

    // Given at registration in lower case with spaces: the same code.
    const representative = await personWithRole(t, referent.orgId, 'viewer', await t.register({ fiscalCode: 'bncmra70c15h501q' }));
    expect((await submitTur(t, referent.orgId, representative.token)).statusCode).toBe(422);
    // PUI keeps the default: the legal representative, a Sola lettura member, does not hand it over.
    const pui = await t.post('/api/Pui/CreatePui', { organizationId: referent.orgId }, representative.token);
    expect(pui.json()).toEqual(forbidden(memberRoleMessages.refusedHandOverReferents('viewer')));
  });
});

describe('the legal representative recognised by the codice fiscale of their account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('GetOrganization tells the caller, and marks the member, who is the legal representative', async () => {
    const referent = await personWithOrganization(t, { name: 'Comune Riconoscente' });
    const representative = await personWithRole(t, referent.orgId, 'editor', await t.register({ fiscalCode: REPRESENTATIVE }));
    const asRepresentative = (await t.get(`/api/Organization/GetOrganizationById?id=${referent.orgId}`, representative.token)).json();
    expect(asRepresentative.isLegalRepresentative).toBe(true);
    const asReferent = (
      await t.get('/api/Organization/GetOrganization', referent.token, { SelectedOrganizationId: referent.orgId })
    ).json();
    expect(asReferent.isLegalRepresentative).toBe(false);
    expect(
      asReferent.members.map((member: { userId: string; isLegalRepresentative: boolean }) => [member.userId, member.isLegalRepresentative]),
    ).toEqual(
      expect.arrayContaining([
        [representative.userId, true],
        [referent.userId, false],
      ]),
    );
    // Nobody's codice fiscale is in the answer.
    expect(JSON.stringify(asReferent.members)).not.toContain(REPRESENTATIVE);
  });

  it('recognises the second legal representative too, where the profile names two (issue 43)', async () => {
    const SECOND = 'VRDLCU75C52H501X';
    const referent = await personWithOrganization(t, { name: 'Unione Riconoscente' });
    const deputy = await personWithRole(t, referent.orgId, 'viewer', await t.register({ fiscalCode: SECOND }));
    const read = async () => (await t.get(`/api/Organization/GetOrganizationById?id=${referent.orgId}`, deputy.token)).json();
    expect((await read()).isLegalRepresentative).toBe(false);
    const named = await t.post(
      '/api/Organization/UpdateOrganization',
      {
        id: referent.orgId,
        secondoLegaleRappresentanteNome: 'Lucia',
        secondoLegaleRappresentanteCognome: 'Verdi',
        secondoLegaleRappresentanteCodiceFiscale: SECOND,
      },
      referent.token,
    );
    expect(named.statusCode).toBe(200);
    const detail = await read();
    expect(detail.isLegalRepresentative).toBe(true);
    expect(detail.members.find((member: { userId: string }) => member.userId === deputy.userId).isLegalRepresentative).toBe(true);
    // Named whole or not at all, and not the first one again: refused with the field's own message.
    const half = await t.post(
      '/api/Organization/UpdateOrganization',
      { id: referent.orgId, secondoLegaleRappresentanteCognome: '' },
      referent.token,
    );
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/Cognome del secondo legale rappresentante richiesto/);
    const same = await t.post(
      '/api/Organization/UpdateOrganization',
      { id: referent.orgId, secondoLegaleRappresentanteCodiceFiscale: REPRESENTATIVE },
      referent.token,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/uguale a quello del primo/);
  });
});

describe('ChangeMemberRole', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const change = (token: string, organizationId: string, userId: string, role: string) =>
    t.post('/api/Organization/ChangeMemberRole', { organizationId, userId, role }, token);
  const roleOf = async (token: string, organizationId: string, userId: string) =>
    (await t.get(`/api/Organization/GetMembers?organizationId=${organizationId}`, token))
      .json<{ userId: string; role: string }[]>()
      .find((member) => member.userId === userId)?.role;

  it('lets a Referente give a member another role, kept in the organisation’s history with both roles', async () => {
    const referent = await personWithOrganization(t, { name: 'Comune dei Ruoli' });
    const member = await personWithRole(t, referent.orgId, 'editor');
    expect((await change(referent.token, referent.orgId, member.userId, 'viewer')).statusCode).toBe(204);
    expect(await roleOf(referent.token, referent.orgId, member.userId)).toBe('viewer');
    expect((await change(referent.token, referent.orgId, member.userId, 'admin')).statusCode).toBe(204);
    const history = await t.db.select().from(organizationEvents).where(eq(organizationEvents.organizationId, referent.orgId));
    expect(history.filter((event) => event.kind === 'member.role_changed').map((event) => [event.subjectUserId, event.details])).toEqual([
      [member.userId, { from: 'editor', to: 'viewer' }],
      [member.userId, { from: 'viewer', to: 'admin' }],
    ]);
    expect(history.every((event) => event.actorUserId === referent.userId)).toBe(true);
    // The same role again changes nothing and records nothing.
    expect((await change(referent.token, referent.orgId, member.userId, 'admin')).statusCode).toBe(204);
    expect(await t.db.select().from(organizationEvents).where(eq(organizationEvents.organizationId, referent.orgId))).toHaveLength(2);
  });

  it('refuses a Compilatore (403 with the reason), an unknown role (400) and somebody who is not a member (404)', async () => {
    const referent = await personWithOrganization(t, { name: 'Comune Rigoroso' });
    const compiler = await personWithRole(t, referent.orgId, 'editor');
    const refused = await change(compiler.token, referent.orgId, referent.userId, 'viewer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(forbidden(memberRoleMessages.refusedManage('editor')));
    const unknown = await change(referent.token, referent.orgId, compiler.userId, 'member');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'invalid_role', message: memberRoleMessages.roleInvalid });
    const stranger = await t.register();
    const strangerId = (await t.get('/api/User', stranger.token)).json<{ id: string }>().id;
    expect((await change(referent.token, referent.orgId, strangerId, 'viewer')).statusCode).toBe(404);
    expect(await roleOf(referent.token, referent.orgId, referent.userId)).toBe('admin');
  });

  it('never demotes the last Referente (409), and does once there is another', async () => {
    const referent = await personWithOrganization(t, { name: 'Comune con un Solo Referente' });
    const refused = await change(referent.token, referent.orgId, referent.userId, 'editor');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'last_referent', message: memberRoleMessages.lastReferent });
    const other = await personWithRole(t, referent.orgId, 'admin');
    expect((await change(referent.token, referent.orgId, referent.userId, 'editor')).statusCode).toBe(204);
    // Now a Compilatore, the former Referente manages nothing.
    expect((await change(referent.token, referent.orgId, other.userId, 'viewer')).statusCode).toBe(403);
  });
});

describe('a SPID/CIE provider that sends fiscal_number', () => {
  let external: ExternalProvider;
  let portal: TestApp;
  beforeAll(async () => {
    ({ external, portal } = await startPortalWithExternalProvider('id_token', {
      fiscalCodes: { byLogin: { 'legale-rappresentante': `TINIT-${REPRESENTATIVE}` } },
      env: { CALLS_FILE: callsFileWithLegalRepresentativeForTur() },
    }));
  });
  afterAll(async () => {
    await portal?.close();
    await external?.close();
  });

  it('recognises the person as the legal representative, who then hands over under the legalRepresentative rule', async () => {
    const referentToken = await signIn(portal, external, 'referente-comune');
    const created = await portal.post(
      '/api/Organization/CreateOrganization',
      organizationPayload({ name: 'Comune con SPID' }),
      referentToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    const orgId = created.json<{ orgId: string }>().orgId;
    const token = await signIn(portal, external, 'legale-rappresentante');
    await personWithRole(portal, orgId, 'editor', { token });

    const detail = (await portal.get(`/api/Organization/GetOrganizationById?id=${orgId}`, token)).json();
    expect(detail).toMatchObject({ myRole: 'editor', isLegalRepresentative: true });
    expect((await submitTur(portal, orgId, token)).statusCode).toBe(422);
    const byReferent = await submitTur(portal, orgId, referentToken);
    expect(byReferent.json()).toEqual(forbidden(memberRoleMessages.refusedHandOverLegalRepresentative));
  });
});
