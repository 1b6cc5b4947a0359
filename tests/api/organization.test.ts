import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import type { LightMyRequestResponse } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, organizations } from '../../server/db/schema/organizations.ts';
import { invitations } from '../../server/db/schema/invitations.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { newPartitaIva, organizationPayload, personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';

let t: TestApp;
/** Org A with its creator (org admin) and a plain member; org B with its creator; a platform admin. */
let a: Awaited<ReturnType<typeof personWithOrganization>>;
let aMember: { token: string; userId: string };
let b: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await personWithOrganization(t, { name: 'Alfa Comune' });
  b = await personWithOrganization(t, { name: 'Beta Servizi S.r.l.', formaGiuridica: 7 });
  const person = await t.register();
  const me = (await t.get('/api/User', person.token)).json();
  await t.db.insert(organizationMembers).values({ organizationId: a.orgId, userId: me.id, role: 'editor' });
  aMember = { token: person.token, userId: me.id };
  admin = await t.loginAsAdmin();
});
afterAll(() => t.close());

/** Everything a refused call could have changed: the row, its members, its invitations. */
async function stateOf(orgId: string) {
  const [row] = await t.db.select().from(organizations).where(eq(organizations.id, orgId));
  const members = await t.db
    .select()
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, orgId))
    .orderBy(asc(organizationMembers.userId));
  const invites = await t.db.select().from(invitations).where(eq(invitations.organizationId, orgId));
  return { row, members, invites };
}

async function expectRefusedWithoutChange(orgId: string, call: () => Promise<LightMyRequestResponse>, status: number) {
  const before = await stateOf(orgId);
  const response = await call();
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect(await stateOf(orgId)).toEqual(before);
  return response;
}

describe('authorisation matrix', () => {
  const readers = () => [
    { who: 'member of A', token: a.token, status: 200 },
    { who: 'plain member of A', token: aMember.token, status: 200 },
    { who: 'member of B', token: b.token, status: 404 },
    { who: 'platform admin', token: admin.token, status: 200 },
  ];

  it.each([
    ['GetOrganization', () => ({ url: '/api/Organization/GetOrganization', headers: selected(a.orgId) })],
    ['GetOrganizationById', () => ({ url: `/api/Organization/GetOrganizationById?id=${a.orgId}`, headers: {} })],
    ['GetMembers', () => ({ url: `/api/Organization/GetMembers?organizationId=${a.orgId}`, headers: {} })],
  ])('%s: anonymous 401, members of A and platform admins read, a member of B is refused', async (_name, request) => {
    const { url, headers } = request();
    const anonymous = await t.get(url, undefined, headers);
    expect(anonymous.statusCode).toBe(401);
    for (const reader of readers()) {
      const response = await t.get(url, reader.token, headers);
      expect(response.statusCode, reader.who).toBe(reader.status);
      if (reader.status === 404) expect(response.json().message).toBe('Organizzazione non trovata.');
    }
  });

  it('an object of A reached by its id answers a member of B exactly as an id that does not exist (status and body)', async () => {
    const MISSING = '00000000-0000-4000-8000-000000000000';
    // A's applications with answers to their review survey, and a file of A.
    const upload = await uploadAttachment(
      t,
      a.token,
      { name: 'relazione.pdf', content: samplePdf('A') },
      { orgId: a.orgId, callType: 'PUI', typeId: 103 },
    );
    expect(upload.statusCode).toBe(200);
    const fileId = upload.json().id as string;
    const surveys = (await t.get('/api/SJSurvey/GetSurveyTypeList', a.token)).json() as { id: number; name: string }[];
    const surveyOf = (name: string) => surveys.find((survey) => survey.name === name)!.id;
    const applications = { PUI: '', TUR: '' };
    const submissions = { PUI: '', TUR: '' };
    for (const [fund, type] of [
      ['PUI', 1],
      ['TUR', 0],
    ] as const) {
      applications[fund] = await forceApplicationStatus(t, a.orgId, fund, 'AMMISSIBILE', { submittedAt: new Date() });
      const saved = await t.post(
        '/api/SJSurvey/CreateSurveyAnswers',
        {
          surveySubmissionID: null,
          surveyId: surveyOf(`Istruttoria-${fund === 'PUI' ? 'Pui' : 'Tur'}`),
          candidaturaId: applications[fund],
          compilazioneType: type,
          monitoraggio: false,
          json: {},
        },
        a.token,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      submissions[fund] = saved.json().id;
    }
    const survey = surveyOf('Istruttoria-Pui');
    const calls: [string, (id: string) => { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown }, string][] = [
      [
        'UpdatePuiCompilazioneStatus',
        (id) => ({ method: 'POST', url: `/api/Pui/UpdatePuiCompilazioneStatus?puiId=${id}&status=Istruttoria%20Sottomessa` }),
        applications.PUI,
      ],
      [
        'UpdateTurCompilazioneStatus',
        (id) => ({ method: 'POST', url: `/api/Tur/UpdateTurCompilazioneStatus?turId=${id}&status=Istruttoria%20Sottomessa` }),
        applications.TUR,
      ],
      [
        'GetSurveySubmssionbySurveyId',
        (id) => ({ method: 'GET', url: `/api/SJSurvey/GetSurveySubmssionbySurveyId?surveyId=${survey}&candidaturaId=${id}` }),
        applications.PUI,
      ],
      ['GetSurveyValidation', (id) => ({ method: 'GET', url: `/api/SJSurvey/GetSurveyValidation?candidaturaId=${id}` }), applications.PUI],
      [
        'CreateSurveyAnswers',
        (id) => ({
          method: 'POST',
          url: '/api/SJSurvey/CreateSurveyAnswers',
          payload: {
            surveySubmissionID: null,
            surveyId: survey,
            candidaturaId: id,
            compilazioneType: 1,
            monitoraggio: false,
            json: { a: 1 },
          },
        }),
        applications.PUI,
      ],
      [
        'ShowMonitoraggioPui',
        (id) => ({ method: 'GET', url: `/api/Monitoraggio/ShowMonitoraggioPui?candidaturaId=${id}` }),
        applications.PUI,
      ],
      [
        'ShowMonitoraggioTur',
        (id) => ({ method: 'GET', url: `/api/Monitoraggio/ShowMonitoraggioTur?candidaturaId=${id}` }),
        applications.TUR,
      ],
      [
        'GetAnswersBySubmissionIdPui',
        (id) => ({ method: 'GET', url: `/api/SJSurvey/GetAnswersBySubmissionIdPui?submissionId=${id}` }),
        submissions.PUI,
      ],
      [
        'GetAnswersBySubmissionIdTur',
        (id) => ({ method: 'GET', url: `/api/SJSurvey/GetAnswersBySubmissionIdTur?submissionId=${id}` }),
        submissions.TUR,
      ],
      ['GetFile', (id) => ({ method: 'GET', url: `/api/FileUpload/GetFile?downloadId=${id}` }), fileId],
      ['RemoveAttachement', (id) => ({ method: 'DELETE', url: `/api/FileUpload/RemoveAttachement?downloadId=${id}` }), fileId],
    ];
    for (const [name, request, ofA] of calls) {
      const send = async (id: string) => {
        const { method, url, payload } = request(id);
        const response = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${b.token}` },
          ...(payload ? { payload: payload as object } : {}),
        });
        return { status: response.statusCode, body: response.body };
      };
      const foreign = await send(ofA);
      expect(foreign.status, name).toBe(404);
      expect(foreign, name).toEqual(await send(MISSING));
    }
    // The file of A is still there for A.
    expect((await t.get(`/api/FileUpload/GetFile?downloadId=${fileId}`, a.token)).statusCode).toBe(200);
  });

  it('GetOrganizationById tells the caller whether they may edit: a Referente yes, a Compilatore no', async () => {
    const asReferent = (await t.get(`/api/Organization/GetOrganizationById?id=${a.orgId}`, a.token)).json();
    expect(asReferent).toMatchObject({ myRole: 'admin', canEdit: true });
    const asMember = (await t.get(`/api/Organization/GetOrganizationById?id=${a.orgId}`, aMember.token)).json();
    expect(asMember).toMatchObject({ myRole: 'editor', canEdit: false });
    const asAdmin = (await t.get(`/api/Organization/GetOrganizationById?id=${a.orgId}`, admin.token)).json();
    expect(asAdmin).toMatchObject({ myRole: null, canEdit: false });
  });

  it('UpdateOrganization: anonymous 401, member of B 404, platform admin and a Compilatore 403 with nothing changed; a Referente of A 200', async () => {
    const change = { id: a.orgId, description: 'Descrizione cambiata da chi non dovrebbe.' };
    await expectRefusedWithoutChange(a.orgId, () => t.post('/api/Organization/UpdateOrganization', change), 401);
    await expectRefusedWithoutChange(a.orgId, () => t.post('/api/Organization/UpdateOrganization', change, b.token), 404);
    const byAdmin = await expectRefusedWithoutChange(
      a.orgId,
      () => t.post('/api/Organization/UpdateOrganization', change, admin.token),
      403,
    );
    expect(byAdmin.json().message).toBe('Gli amministratori della piattaforma possono solo consultare le organizzazioni.');
    const byCompiler = await expectRefusedWithoutChange(
      a.orgId,
      () => t.post('/api/Organization/UpdateOrganization', change, aMember.token),
      403,
    );
    expect(byCompiler.json().message).toBe(memberRoleMessages.refusedManage('editor'));

    const ok = await t.post('/api/Organization/UpdateOrganization', { id: a.orgId, description: 'Nuova descrizione del comune.' }, a.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().description).toBe('Nuova descrizione del comune.');
  });

  it('RemoveMember: anonymous 401, member of B 404 and platform admin 403, nothing removed', async () => {
    const url = `/api/Organization/RemoveMember?organizationId=${a.orgId}&userId=${aMember.userId}`;
    await expectRefusedWithoutChange(a.orgId, () => t.post(url), 401);
    await expectRefusedWithoutChange(a.orgId, () => t.post(url, undefined, b.token), 404);
    await expectRefusedWithoutChange(a.orgId, () => t.post(url, undefined, admin.token), 403);
  });

  it('SendEmail: anonymous 401, member of B 404, platform admin and a Compilatore 403 for A, no invitation created', async () => {
    const body = (userId: string) => ({ emails: ['nuovo@esempio.it'], userId, subject: 'Invito', message: '' });
    await expectRefusedWithoutChange(a.orgId, () => t.post('/api/SendEmail/SendEmail', body(a.userId), undefined, selected(a.orgId)), 401);
    await expectRefusedWithoutChange(a.orgId, () => t.post('/api/SendEmail/SendEmail', body(b.userId), b.token, selected(a.orgId)), 404);
    const adminMe = (await t.get('/api/User', admin.token)).json();
    await expectRefusedWithoutChange(
      a.orgId,
      () => t.post('/api/SendEmail/SendEmail', body(adminMe.id), admin.token, selected(a.orgId)),
      403,
    );
    const byPlainMember = await expectRefusedWithoutChange(
      a.orgId,
      () => t.post('/api/SendEmail/SendEmail', body(aMember.userId), aMember.token, selected(a.orgId)),
      403,
    );
    expect(byPlainMember.json().message).toBe(memberRoleMessages.refusedManage('editor'));
    const byReferent = await t.post('/api/SendEmail/SendEmail', body(a.userId), a.token, selected(a.orgId));
    expect(byReferent.statusCode).toBe(200);
    expect(byReferent.json()).toMatchObject({ organizationId: a.orgId, sent: ['nuovo@esempio.it'] });
  });

  it('CreateOrganization: anonymous 401; a platform admin is refused and nothing is stored', async () => {
    const payload = organizationPayload();
    expect((await t.post('/api/Organization/CreateOrganization', payload)).statusCode).toBe(401);
    const byAdmin = await t.post('/api/Organization/CreateOrganization', payload, admin.token);
    expect(byAdmin.statusCode).toBe(403);
    expect(await t.db.select().from(organizations).where(eq(organizations.pIva, payload.pIva))).toEqual([]);
  });

  it('GetPIva, GetOrganizations, GetInvitation and AcceptInvitation need a login', async () => {
    expect((await t.post(`/api/Organization/GetPIva?pIva=${a.payload.pIva}`)).statusCode).toBe(401);
    expect((await t.get('/api/Organization/GetOrganizations')).statusCode).toBe(401);
    expect((await t.get('/api/Organization/GetInvitation?token=abcdefghijklmnopqrstuvwxyz')).statusCode).toBe(401);
    expect((await t.post('/api/Organization/AcceptInvitation', { token: 'abcdefghijklmnopqrstuvwxyz' })).statusCode).toBe(401);
  });

  it('GetOrganizations lists only the caller’s organisations; a platform admin gets all, by name', async () => {
    const mine = (await t.get('/api/Organization/GetOrganizations', a.token)).json();
    expect(mine).toEqual([
      { id: a.orgId, name: expect.any(String), email: 'protocollo@comune.vallerosa.it', pIva: a.payload.pIva, role: 'admin' },
    ]);
    const asPlainMember = (await t.get('/api/Organization/GetOrganizations', aMember.token)).json();
    expect(asPlainMember.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual([[a.orgId, 'editor']]);

    const all = (await t.get('/api/Organization/GetOrganizations', admin.token)).json();
    const ids = all.map((o: { id: string }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([a.orgId, b.orgId]));
    const names = all.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'it', { sensitivity: 'base' })));
    expect(all.every((o: { role: unknown }) => o.role === null)).toBe(true);
  });
});

describe('the SelectedOrganizationId header is a hint, checked every time', () => {
  it('answers 400 when it is missing, 404 when it is not an id or no such organisation exists', async () => {
    const missing = await t.get('/api/Organization/GetOrganization', a.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/organizzazione/i);
    const malformed = await t.get('/api/Organization/GetOrganization', a.token, selected("1' or '1'='1"));
    expect(malformed.statusCode).toBe(404);
    const unknown = await t.get('/api/Organization/GetOrganization', a.token, selected('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Organizzazione non trovata.');
  });

  it('returns the selected organisation with its full profile and members', async () => {
    const response = await t.get('/api/Organization/GetOrganization', b.token, selected(b.orgId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: b.orgId,
      name: 'Beta Servizi S.r.l.',
      formaGiuridica: 7,
      members: [{ userId: b.userId, email: b.email, role: 'admin' }],
    });
  });

  it('GetOrganizationById refuses a missing id with 400, a malformed or unknown one with 404', async () => {
    expect((await t.get('/api/Organization/GetOrganizationById?id=abc', a.token)).statusCode).toBe(404);
    expect((await t.get('/api/Organization/GetOrganizationById', a.token)).statusCode).toBe(400);
    const unknown = await t.get('/api/Organization/GetOrganizationById?id=00000000-0000-4000-8000-000000000000', a.token);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('connect by VAT number', () => {
  it('tells whether a VAT number is registered, with the organisation’s id and name', async () => {
    const found = await t.post(`/api/Organization/GetPIva?pIva=${a.payload.pIva}`, undefined, b.token);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ pIva: a.payload.pIva, id: a.orgId, name: expect.any(String) });
  });

  it('answers 404 with the spec’s message for a valid VAT nobody registered', async () => {
    const response = await t.post(`/api/Organization/GetPIva?pIva=${newPartitaIva()}`, undefined, b.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'La P.IVA inserita non risulta registrata nella piattaforma' });
  });

  it('answers 400 when the VAT is not 11 digits or its check digit is wrong', async () => {
    for (const pIva of ['123', '0048841001A', '004884100100', '']) {
      const response = await t.post(`/api/Organization/GetPIva?pIva=${pIva}`, undefined, b.token);
      expect(response.statusCode, pIva).toBe(400);
      expect(response.json().message).toContain('11 cifre');
    }
    const wrongCheckDigit = await t.post('/api/Organization/GetPIva?pIva=00488410011', undefined, b.token);
    expect(wrongCheckDigit.statusCode).toBe(400);
    expect(wrongCheckDigit.json().message).toBe('La P.IVA inserita non è valida');
  });

  it('knowing the VAT number of an organisation does not make anyone a member', async () => {
    await t.post(`/api/Organization/GetPIva?pIva=${a.payload.pIva}`, undefined, b.token);
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${a.orgId}`, b.token)).statusCode).toBe(404);
    const bOrgs = (await t.get('/api/Organization/GetOrganizations', b.token)).json();
    expect(bOrgs.map((o: { id: string }) => o.id)).toEqual([b.orgId]);
  });
});

describe('CreateOrganization', () => {
  it('stores every field typed, makes the creator its admin and answers { error: null, orgId }', async () => {
    const person = await t.register({ firstName: 'Lucia', lastName: 'Verdi' });
    const payload = organizationPayload({
      name: '  Fondazione Mare Pulito  ',
      formaGiuridica: '8',
      altro: 'Fondazione di partecipazione',
      publicParticipation: true,
      percentParticipation: '40',
      comune: '92009', // Cagliari
      province: '',
      region: '',
      numCivico: 12,
      codiceFiscale: 'rssmra70c15h501w',
    });
    const response = await t.post('/api/Organization/CreateOrganization', payload, person.token);
    expect(response.statusCode).toBe(201);
    const { error, orgId } = response.json();
    expect(error).toBeNull();

    const detail = (await t.get(`/api/Organization/GetOrganizationById?id=${orgId}`, person.token)).json();
    expect(detail).toMatchObject({
      id: orgId,
      name: 'Fondazione Mare Pulito',
      pIva: payload.pIva,
      formaGiuridica: 8,
      formaGiuridicaName: 'Altro',
      altro: 'Fondazione di partecipazione',
      publicParticipation: true,
      percentParticipation: 40,
      privacy: true,
      // The comune implies its province and region.
      comune: 92009,
      comuneName: 'Cagliari',
      province: 92,
      provinceName: 'Cagliari',
      region: 20,
      regionName: 'Sardegna',
      numCivico: '12',
      codiceFiscale: 'RSSMRA70C15H501W',
      data_di_costituzione: '1946-06-02T00:00:00+02:00',
      data_di_nascita: '1970-03-15T00:00:00+01:00',
      members: [{ firstName: 'Lucia', lastName: 'Verdi', email: person.email, role: 'admin' }],
      myRole: 'admin',
      canEdit: true,
    });
  });

  it('stores the telephone, the house number and the dates as typed, in the forms people write them (issue 46)', async () => {
    const cases = [
      { telephone: '+39 06 1234 5678', numCivico: '12/A bis' },
      { telephone: '0039 333 123 4567', numCivico: 'SNC' },
      { telephone: '06 69 01', numCivico: '7 b' },
    ];
    for (const [index, fields] of cases.entries()) {
      const person = await t.register();
      const adult = `${new Date().getFullYear() - 18}-01-01T00:00:00+01:00`;
      const created = await t.post(
        '/api/Organization/CreateOrganization',
        organizationPayload({ ...fields, data_di_nascita: adult, name: `Comune del Civico ${index}` }),
        person.token,
      );
      expect(created.statusCode, JSON.stringify(fields)).toBe(201);
      const { orgId } = created.json() as { orgId: string };
      const detail = (await t.get(`/api/Organization/GetOrganizationById?id=${orgId}`, person.token)).json();
      expect(detail).toMatchObject({ ...fields, data_di_nascita: adult });
    }
  });

  it('drops hidden fields: altro unless the legal form is "Altro", the percentage without public participation', async () => {
    const person = await t.register();
    const payload = organizationPayload({ formaGiuridica: 1, altro: 'resto', publicParticipation: false, percentParticipation: 30 });
    const { orgId } = (await t.post('/api/Organization/CreateOrganization', payload, person.token)).json();
    const detail = (await t.get(`/api/Organization/GetOrganizationById?id=${orgId}`, person.token)).json();
    expect(detail).toMatchObject({ altro: null, percentParticipation: null });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['name missing', { name: '' }, 'Nome: Campo obbligatorio'],
    ['name shorter than 3', { name: 'Ab' }, 'Nome: Inserire almeno 3 caratteri'],
    ['formaGiuridica missing', { formaGiuridica: null }, 'Forma giuridica: Campo obbligatorio'],
    ['formaGiuridica unknown', { formaGiuridica: 999 }, 'Forma giuridica non valida'],
    ['formaGiuridica 8 without altro', { formaGiuridica: 8, altro: '' }, 'Altra forma giuridica: Campo obbligatorio'],
    ['pIva missing', { pIva: '' }, 'P.IVA: Campo obbligatorio'],
    ['pIva with letters', { pIva: '0048841001A' }, 'P.IVA: Inserire solo cifre'],
    ['pIva longer than 11', { pIva: '004884100100' }, 'P.IVA: Limite caratteri max superato'],
    ['pIva shorter than 11', { pIva: '0048841' }, 'La P.IVA deve essere composta da 11 cifre'],
    ['codiceAteco missing', { codiceAteco: '' }, 'Codice ATECO: Campo obbligatorio'],
    ['description missing', { description: '   ' }, 'Descrizione: Campo obbligatorio'],
    ['description over 400', { description: 'x'.repeat(401) }, 'Descrizione: Limite caratteri max superato'],
    ['email missing', { email: '' }, 'E-mail: Campo obbligatorio'],
    ['email invalid', { email: 'protocollo-comune.it' }, 'E-mail: Indirizzo e-mail non valido'],
    ['telephone missing', { telephone: '' }, 'Telefono: Campo obbligatorio'],
    [
      'telephone with a hyphen',
      { telephone: '06-1234' },
      'Telefono: Numero di telefono non valido: scrivi da 6 a 15 cifre, anche separate da spazi e con il prefisso internazionale (es. +39 06 1234 5678)',
    ],
    [
      'telephone with letters',
      { telephone: '06 1234 abc' },
      'Telefono: Numero di telefono non valido: scrivi da 6 a 15 cifre, anche separate da spazi e con il prefisso internazionale (es. +39 06 1234 5678)',
    ],
    [
      'telephone of 5 digits',
      { telephone: '06 123' },
      'Telefono: Numero di telefono non valido: scrivi da 6 a 15 cifre, anche separate da spazi e con il prefisso internazionale (es. +39 06 1234 5678)',
    ],
    [
      'telephone of 16 digits',
      { telephone: '+390612345678901234' },
      'Telefono: Numero di telefono non valido: scrivi da 6 a 15 cifre, anche separate da spazi e con il prefisso internazionale (es. +39 06 1234 5678)',
    ],
    ['telephone over 20 characters', { telephone: '+39  06  1234  5678  9' }, 'Telefono: Limite caratteri max superato'],
    ['privacy not accepted', { privacy: false }, "Privacy: È necessario accettare l'informativa sulla privacy"],
    ['privacy missing', { privacy: undefined }, 'Privacy: Campo obbligatorio'],
    ['contactReference missing', { contactReference: '' }, 'Referente: Campo obbligatorio'],
    [
      'numCivico without a number',
      { numCivico: 'bis' },
      'Numero civico non valido: scrivi il numero con l\u2019eventuale lettera, barra o \u00abbis\u00bb (es. 12, 12/A, 12 bis) oppure SNC',
    ],
    [
      'numCivico with a sentence',
      { numCivico: '12 di fronte' },
      'Numero civico non valido: scrivi il numero con l\u2019eventuale lettera, barra o \u00abbis\u00bb (es. 12, 12/A, 12 bis) oppure SNC',
    ],
    [
      'birth date of a minor',
      { data_di_nascita: `${new Date().getFullYear() - 10}-05-01T00:00:00+02:00` },
      'Data di nascita: La data di nascita deve essere di una persona maggiorenne (almeno 18 anni fa)',
    ],
    [
      'birth date in the future',
      { data_di_nascita: '2030-01-01T00:00:00+01:00' },
      'Data di nascita: La data di nascita deve essere di una persona maggiorenne (almeno 18 anni fa)',
    ],
    [
      'foundation date in the future',
      { data_di_costituzione: '2099-01-01T00:00:00+01:00' },
      'Data di costituzione: La data di costituzione non può essere futura',
    ],
    ['CAP of four digits', { cap: '0018' }, 'Il CAP deve essere composto da 5 cifre'],
    ['CAP with a letter', { cap: '0018A' }, 'Il CAP deve essere composto da 5 cifre'],
    ['codiceFiscale over 16', { codiceFiscale: 'RSSMRA70C15H501WX' }, 'Codice fiscale: Limite caratteri max superato'],
    [
      'percentage missing with public participation',
      { publicParticipation: true, percentParticipation: '' },
      'Percentuale di partecipazione pubblica: Campo obbligatorio',
    ],
    [
      'percentage negative',
      { publicParticipation: true, percentParticipation: -1 },
      'Percentuale di partecipazione pubblica: Il valore minimo è 0',
    ],
    [
      'percentage over 3 characters',
      { publicParticipation: true, percentParticipation: '12.5' },
      'Percentuale di partecipazione pubblica: Limite caratteri max superato',
    ],
    ['date without offset', { data_di_costituzione: '1946-06-02' }, 'Data di costituzione: Data non valida'],
    [
      'province outside the region',
      { region: 12, province: 1, comune: null },
      'Provincia: La provincia non appartiene alla regione selezionata',
    ],
    [
      'comune outside the province',
      { region: 12, province: 58, comune: 1272 },
      'Comune: Il comune non appartiene alla provincia selezionata',
    ],
    ['unknown comune', { comune: 999999 }, 'Comune: Valore non valido'],
  ];
  it.each(invalid)('refuses %s with 400 and an Italian message naming the field', async (_case, overrides, message) => {
    const person = await t.register();
    const payload = organizationPayload(overrides);
    const response = await t.post('/api/Organization/CreateOrganization', payload, person.token);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('validation_error');
    expect(body.message).toContain(message);
    expect(body.field).toEqual(expect.any(String));
    expect(
      await t.db
        .select()
        .from(organizations)
        .where(eq(organizations.pIva, String(payload.pIva))),
    ).toEqual([]);
  });

  it('refuses a VAT number whose check digit is wrong', async () => {
    const person = await t.register();
    const response = await t.post('/api/Organization/CreateOrganization', organizationPayload({ pIva: '00488410011' }), person.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'La P.IVA inserita non è valida', field: 'pIva' });
  });

  it('refuses a second organisation with the same VAT number (409) and keeps the first untouched', async () => {
    const person = await t.register();
    const before = await stateOf(a.orgId);
    const response = await t.post(
      '/api/Organization/CreateOrganization',
      organizationPayload({ pIva: a.payload.pIva, name: 'Copia' }),
      person.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'piva_already_registered',
      message: 'La P.IVA inserita risulta già registrata nella piattaforma',
    });
    expect(await stateOf(a.orgId)).toEqual(before);
  });

  it('lets only one of two simultaneous registrations of a VAT number win', async () => {
    const [p1, p2] = [await t.register(), await t.register()];
    const pIva = newPartitaIva();
    const results = await Promise.all(
      [p1, p2].map((p) => t.post('/api/Organization/CreateOrganization', organizationPayload({ pIva }), p.token)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(organizations).where(eq(organizations.pIva, pIva))).toHaveLength(1);
  });

  it('refuses a body that is not a JSON object with a 4xx, never 500', async () => {
    const person = await t.register();
    for (const body of [[], { name: { $ne: 1 } }]) {
      const response = await t.post('/api/Organization/CreateOrganization', body, person.token);
      expect(response.statusCode).toBe(400);
    }
    const text = await t.post('/api/Organization/CreateOrganization', 'testo', person.token);
    expect(text.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('UpdateOrganization', () => {
  it('takes comune, province, region and numCivico as strings and answers the updated organisation', async () => {
    const o = await personWithOrganization(t);
    const response = await t.post(
      '/api/Organization/UpdateOrganization',
      { ...o.payload, id: o.orgId, region: '1', province: '1', comune: '1272', numCivico: '45', address: 'Via Roma' },
      o.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      region: 1,
      province: 1,
      comune: 1272,
      comuneName: 'Torino',
      numCivico: '45',
      address: 'Via Roma',
    });
    const reread = (await t.get(`/api/Organization/GetOrganizationById?id=${o.orgId}`, o.token)).json();
    expect(reread).toMatchObject({ region: 1, province: 1, comune: 1272, numCivico: '45' });
  });

  it('never changes the VAT number: a different one is refused, the same one is accepted', async () => {
    const o = await personWithOrganization(t);
    const refused = await expectRefusedWithoutChange(
      o.orgId,
      () => t.post('/api/Organization/UpdateOrganization', { id: o.orgId, pIva: newPartitaIva(), name: 'Nome nuovo' }, o.token),
      400,
    );
    expect(refused.json()).toMatchObject({ message: 'La P.IVA non è modificabile', field: 'pIva' });
    const same = await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, pIva: o.payload.pIva, name: 'Nome nuovo' }, o.token);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ pIva: o.payload.pIva, name: 'Nome nuovo' });
  });

  it('keeps the fields a request leaves out and clears an optional one sent empty', async () => {
    const o = await personWithOrganization(t);
    const response = await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, telephone: '0698765432', website: '' }, o.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      telephone: '0698765432',
      website: null,
      description: o.payload.description,
      contactReference: o.payload.contactReference,
      privacy: true,
    });
  });

  it('clears province and comune when the region changes alone, and the comune when the province changes', async () => {
    const o = await personWithOrganization(t);
    const regionOnly = (await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, region: '9' }, o.token)).json();
    expect(regionOnly).toMatchObject({ region: 9, province: null, comune: null });
    const province = (await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, province: '48' }, o.token)).json();
    expect(province).toMatchObject({ region: 9, province: 48, comune: null });
  });

  it('validates like the registration and changes nothing on a refusal', async () => {
    const o = await personWithOrganization(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Nome richiesto'],
      [{ description: 'd'.repeat(401) }, 'Descrizione: Limite caratteri max superato'],
      [
        { telephone: 'abc' },
        'Telefono: Numero di telefono non valido: scrivi da 6 a 15 cifre, anche separate da spazi e con il prefisso internazionale (es. +39 06 1234 5678)',
      ],
      [{ formaGiuridica: 8, altro: '' }, 'Altra forma giuridica: Campo obbligatorio'],
      [{ publicParticipation: true }, 'Percentuale di partecipazione pubblica: Campo obbligatorio'],
      [{ comune: '1272' }, 'Comune: Il comune non appartiene alla provincia selezionata'],
      [{ email: 'non-una-mail' }, 'E-mail: Indirizzo e-mail non valido'],
    ];
    for (const [change, message] of cases) {
      const refused = await expectRefusedWithoutChange(
        o.orgId,
        () => t.post('/api/Organization/UpdateOrganization', { id: o.orgId, ...change }, o.token),
        400,
      );
      expect(refused.json().message).toBe(message);
    }
  });

  it('refuses a malformed or unknown id', async () => {
    expect((await t.post('/api/Organization/UpdateOrganization', { id: 'x', name: 'Nome' }, a.token)).statusCode).toBe(404);
    const unknown = await t.post(
      '/api/Organization/UpdateOrganization',
      { id: '00000000-0000-4000-8000-000000000000', name: 'Nome' },
      a.token,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the organisation page: the CAP and the messages Nome, Indirizzo, Città, CAP, P.IVA richiesto(a) (spec §5)', () => {
  it('stores the CAP given at registration, and one given later, and shows it', async () => {
    const o = await personWithOrganization(t, { cap: '00184' });
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${o.orgId}`, o.token)).json()).toMatchObject({ cap: '00184' });
    const changed = await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, cap: '00185' }, o.token);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ cap: '00185', address: o.payload.address });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, o.orgId));
    expect(row!.profile).toMatchObject({ cap: '00185' });
    // Registration does not ask for it (spec §5 Register organisation): none is null.
    const without = await personWithOrganization(t, { cap: '' });
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${without.orgId}`, without.token)).json()).toMatchObject({ cap: null });
  });

  it('refuses each page-required field saved empty with the spec\u2019s own words, and changes nothing', async () => {
    const o = await personWithOrganization(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Nome richiesto'],
      [{ name: '   ' }, 'name', 'Nome richiesto'],
      [{ name: null }, 'name', 'Nome richiesto'],
      [{ address: '' }, 'address', 'Indirizzo richiesto'],
      [{ address: null }, 'address', 'Indirizzo richiesto'],
      [{ comune: '' }, 'comune', 'Città richiesta'],
      [{ region: '9', province: '48', comune: null }, 'comune', 'Città richiesta'],
      [{ cap: '' }, 'cap', 'CAP richiesto'],
      [{ cap: null }, 'cap', 'CAP richiesto'],
      [{ pIva: '' }, 'pIva', 'P.IVA richiesta'],
      [{ cap: '0018' }, 'cap', 'Il CAP deve essere composto da 5 cifre'],
      [{ cap: 184 }, 'cap', 'Il CAP deve essere composto da 5 cifre'],
    ];
    for (const [change, field, message] of cases) {
      const refused = await expectRefusedWithoutChange(
        o.orgId,
        () => t.post('/api/Organization/UpdateOrganization', { id: o.orgId, ...change }, o.token),
        400,
      );
      expect(refused.json(), JSON.stringify(change)).toMatchObject({ error: 'validation_error', field, message });
    }
  });

  it('an organisation registered before the CAP existed saves its other fields, and then its CAP', async () => {
    const o = await personWithOrganization(t);
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, o.orgId));
    const { cap: _cap, address: _address, ...older } = row!.profile;
    await t.db.update(organizations).set({ profile: older }).where(eq(organizations.id, o.orgId));
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${o.orgId}`, o.token)).json()).toMatchObject({
      cap: null,
      address: null,
    });

    const phone = await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, telephone: '0698765432' }, o.token);
    expect(phone.statusCode).toBe(200);
    expect(phone.json()).toMatchObject({ telephone: '0698765432', cap: null, address: null });
    const cap = await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, cap: '00184', address: 'Via dei Fori' }, o.token);
    expect(cap.statusCode).toBe(200);
    expect(cap.json()).toMatchObject({ cap: '00184', address: 'Via dei Fori' });
  });

  it('answers another organisation\u2019s CAP change with 404 and changes nothing', async () => {
    await expectRefusedWithoutChange(
      a.orgId,
      () => t.post('/api/Organization/UpdateOrganization', { id: a.orgId, cap: '50123' }, b.token),
      404,
    );
  });
});

describe('RemoveMember', () => {
  async function orgWithMembers() {
    const o = await personWithOrganization(t);
    const people = [];
    for (let i = 0; i < 2; i++) {
      const person = await t.register();
      const me = (await t.get('/api/User', person.token)).json();
      await t.db.insert(organizationMembers).values({ organizationId: o.orgId, userId: me.id, role: 'editor' });
      people.push({ token: person.token, userId: me.id as string });
    }
    return { o, m1: people[0]!, m2: people[1]! };
  }
  const remove = (orgId: string, userId: string, token: string) =>
    t.post(`/api/Organization/RemoveMember?organizationId=${orgId}&userId=${userId}`, undefined, token);
  const memberIds = async (orgId: string, token: string) =>
    (await t.get(`/api/Organization/GetMembers?organizationId=${orgId}`, token)).json().map((x: { userId: string }) => x.userId);

  it('lets a plain member remove nobody but themselves', async () => {
    const { o, m1, m2 } = await orgWithMembers();
    const refused = await expectRefusedWithoutChange(o.orgId, () => remove(o.orgId, m2.userId, m1.token), 403);
    expect(refused.json().message).toBe(memberRoleMessages.refusedManage('editor'));
    await expectRefusedWithoutChange(o.orgId, () => remove(o.orgId, o.userId, m1.token), 403);
    expect((await remove(o.orgId, m1.userId, m1.token)).statusCode).toBe(204);
    expect(await memberIds(o.orgId, o.token)).not.toContain(m1.userId);
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${o.orgId}`, m1.token)).statusCode).toBe(404);
  });

  it('lets an organisation admin remove a member', async () => {
    const { o, m1, m2 } = await orgWithMembers();
    expect((await remove(o.orgId, m2.userId, o.token)).statusCode).toBe(204);
    const ids = await memberIds(o.orgId, o.token);
    expect(ids).toEqual(expect.arrayContaining([o.userId, m1.userId]));
    expect(ids).not.toContain(m2.userId);
  });

  it('never removes the last organisation admin (409), not even by themselves', async () => {
    const { o } = await orgWithMembers();
    const refused = await expectRefusedWithoutChange(o.orgId, () => remove(o.orgId, o.userId, o.token), 409);
    expect(refused.json().message).toBe('Non è possibile rimuovere l\u2019ultimo amministratore dell\u2019organizzazione.');
  });

  it('answers 404 for someone who is not a member and for a malformed organisation id', async () => {
    const { o } = await orgWithMembers();
    await expectRefusedWithoutChange(o.orgId, () => remove(o.orgId, b.userId, o.token), 404);
    await expectRefusedWithoutChange(o.orgId, () => remove(o.orgId, 'nessuno', o.token), 404);
    expect((await remove('nessuna', o.userId, o.token)).statusCode).toBe(404);
  });
});
