import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrganizationListSchema } from '../../domain/application.ts';
import { APPLICATION_STATUS_CODES } from '../../domain/applicationStatus.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { adminTargetsFrom } from '../../machines/application-lifecycle/transitions.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { forceApplicationStatus, saveDraft, updateStatus } from '../support/applicationFixtures.ts';

let t: TestApp;
let zeta: Awaited<ReturnType<typeof personWithOrganization>>;
let alfa: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let emme: Awaited<ReturnType<typeof personWithOrganization>>;
const emmeId = () => emme.orgId;
let zetaTurId: string;

beforeAll(async () => {
  t = await createTestApp();
  zeta = await personWithOrganization(t, { name: 'Zeta Turismo S.r.l.' });
  alfa = await personWithOrganization(t, { name: 'Comune di Àlfa' });
  emme = await personWithOrganization(t, { name: 'comune di Emme' });
  admin = await t.loginAsAdmin();
  await saveDraft(t, alfa.token, alfa.orgId, 'PUI', { progNome: 'Piazza nuova' });
  zetaTurId = await forceApplicationStatus(t, zeta.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', {
    submittedAt: new Date('2026-03-02T10:00:00Z'),
    warnings: ['Quota del fondo superiore al 50% del totale'],
  });
  await forceApplicationStatus(t, zeta.orgId, 'PUI', 'DELIBERATA', { submittedAt: new Date('2026-02-01T09:00:00Z') });
});
afterAll(() => t.close());

const url = '/api/Organization/GetAllOrgsCompilazioni';

describe('GET /api/Organization/GetAllOrgsCompilazioni', () => {
  it('lists every organisation by name (Italian collation, case and accents ignored) with both applications and drafts', async () => {
    const response = await t.get(url, admin.token);
    expect(response.statusCode).toBe(200);
    const list = adminOrganizationListSchema.parse(response.json());
    expect(list.map((item) => item.organization.name)).toEqual(['Comune di Àlfa', 'comune di Emme', 'Zeta Turismo S.r.l.']);

    const [a, e, z] = list;
    expect(a).toMatchObject({
      organization: { id: alfa.orgId, pIva: alfa.payload.pIva },
      turCompilazione: null,
      puiCompilazione: { status: 'Aperta', statusCode: 'APERTA', submittedAt: null, allowedTargets: [] },
      compilazioneDrafts: [{ compilazioneType: 1, version: 1, createdAt: expect.any(String) }],
    });
    expect(e).toMatchObject({ turCompilazione: null, puiCompilazione: null, compilazioneDrafts: [] });
    expect(z!.turCompilazione).toEqual({
      id: zetaTurId,
      status: 'Candidatura Sottomessa',
      statusCode: 'CANDIDATURA_SOTTOMESSA',
      submittedAt: '2026-03-02T10:00:00.000Z',
      statusChangedAt: expect.any(String),
      allowedTargets: [...adminTargetsFrom('CANDIDATURA_SOTTOMESSA')],
      warningsCount: 1,
    });
    expect(z!.puiCompilazione).toMatchObject({ statusCode: 'DELIBERATA', allowedTargets: ['APERTA', 'MONITORAGGIO_APERTO'] });
  });

  it('revalidates with its ETag: 304 while nothing changed, a new answer after a status change', async () => {
    const first = await t.get(url, admin.token);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.get(url, admin.token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    expect((await updateStatus(t, admin.token, 'TUR', zetaTurId, 'In valutazione')).statusCode).toBe(200);
    const changed = await t.get(url, admin.token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const zetaItem = changed.json().find((item: { organization: { id: string } }) => item.organization.id === zeta.orgId);
    expect(zetaItem.turCompilazione).toMatchObject({ statusCode: 'IN_VALUTAZIONE', allowedTargets: ['APERTA', 'IN_INTEGRAZIONE', 'AMMISSIBILE', 'RIFIUTATA'] });
  });

  it('is for platform admins only: applicants 403, anonymous 401', async () => {
    const refused = await t.get(url, zeta.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Non hai i permessi per questa operazione.' });
    expect((await t.get(url)).statusCode).toBe(401);
  });
});

describe('GetAllOrgsCompilazioni with parameters: filtered, sorted and paged on the server', () => {
  type Item = { organization: { name: string }; turCompilazione: { statusCode: string } | null };
  const names = (response: { json(): unknown }) => (response.json() as Item[]).map((item) => item.organization.name);
  const page = (query: string, token = admin.token) => t.get(`${url}?${query}`, token);

  it('searches names ignoring case and accents, and says how many match in x-total-count', async () => {
    const response = await page('q=ÀLFA');
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(['Comune di Àlfa']);
    expect(response.headers['x-total-count']).toBe('1');
    expect(names(await page('q=comune'))).toEqual(['Comune di Àlfa', 'comune di Emme']);
    const none = await page('q=inesistente');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('filters by fund and statuses (labels or codes; Non avviata = no application to that fund)', async () => {
    expect(names(await page('fund=TUR'))).toEqual(['Zeta Turismo S.r.l.']);
    expect(names(await page('fund=PUI'))).toEqual(['Comune di Àlfa', 'Zeta Turismo S.r.l.']);
    expect(names(await page('fund=PUI&statuses=Aperta'))).toEqual(['Comune di Àlfa']);
    expect(names(await page('fund=PUI&statuses=DELIBERATA,Aperta'))).toEqual(['Comune di Àlfa', 'Zeta Turismo S.r.l.']);
    expect(names(await page('fund=TUR&statuses=Non%20avviata'))).toEqual(['Comune di Àlfa', 'comune di Emme']);
    expect(names(await page('statuses=Deliberata'))).toEqual(['Zeta Turismo S.r.l.']);
  });

  it('filters by candidacy dates, inclusive, in Italian days', async () => {
    // 23:30 UTC on 2 March is 00:30 on 3 March in Italy.
    await forceApplicationStatus(t, emmeId(), 'PUI', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date('2026-03-02T23:30:00Z') });
    expect(names(await page('from=2026-03-02&to=2026-03-02'))).toEqual(['Zeta Turismo S.r.l.']);
    expect(names(await page('from=2026-03-03&to=2026-03-03'))).toEqual(['comune di Emme']);
    expect(names(await page('fund=TUR&from=2026-03-01&to=2026-03-31'))).toEqual(['Zeta Turismo S.r.l.']);
    expect(names(await page('fund=PUI&to=2026-02-28'))).toEqual(['Zeta Turismo S.r.l.']);
  });

  it('sorts by name either way and by candidacy date (those without one last), and pages', async () => {
    expect(names(await page('sort=-name'))).toEqual(['Zeta Turismo S.r.l.', 'comune di Emme', 'Comune di Àlfa']);
    // PUI: Emme 3 March, Zeta 1 February, Àlfa none.
    expect(names(await page('sort=-pui'))).toEqual(['comune di Emme', 'Zeta Turismo S.r.l.', 'Comune di Àlfa']);
    expect(names(await page('sort=pui'))).toEqual(['Zeta Turismo S.r.l.', 'comune di Emme', 'Comune di Àlfa']);
    const second = await page('sort=name&offset=1&limit=1');
    expect(names(second)).toEqual(['comune di Emme']);
    expect(second.headers['x-total-count']).toBe('3');
    expect(names(await page('offset=10'))).toEqual([]);
  });

  it('answers 400 with an Italian message for parameters it cannot use, 403 for applicants', async () => {
    for (const query of ['sort=popolarita', 'statuses=Approvata', 'from=02/03/26', 'limit=0', 'limit=501', 'fund=FESR', 'offset=-1']) {
      const response = await page(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/non|Stato/);
    }
    expect((await page('q=alfa', zeta.token)).statusCode).toBe(403);
  });
});

describe('npm run seed:demo', () => {
  it('adds demo organisations with every status of both funds, each reached through the lifecycle with its history; a second run adds nothing', async () => {
    const first = await seedDemo(t.db);
    expect(first).toMatchObject({ organizations: 26, skipped: 0 });
    const list = adminOrganizationListSchema.parse((await t.get(url, admin.token)).json());
    for (const fund of ['turCompilazione', 'puiCompilazione'] as const) {
      const statuses = new Set(list.map((item) => item[fund]?.statusCode ?? 'NON_AVVIATA'));
      expect([...statuses].sort()).toEqual([...APPLICATION_STATUS_CODES].sort());
    }
    const closed = list.find((item) => item.turCompilazione?.statusCode === 'MONITORAGGIO_CHIUSO')!;
    const history = (await t.get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${closed.turCompilazione!.id}`, admin.token)).json();
    expect(history.map((h: { statusCode: string }) => h.statusCode)).toEqual([
      'APERTA',
      'CANDIDATURA_SOTTOMESSA',
      'IN_VALUTAZIONE',
      'AMMISSIBILE',
      'ISTRUTTORIA_SOTTOMESSA',
      'DELIBERATA',
      'MONITORAGGIO_APERTO',
      'MONITORAGGIO_SOTTOMESSO',
      'MONITORAGGIO_CHIUSO',
    ]);
    expect(history.find((h: { statusCode: string }) => h.statusCode === 'DELIBERATA').note).toBe('Deliberato dal comitato di investimento.');
    expect(await seedDemo(t.db)).toEqual({ organizations: 0, applications: 0, skipped: 26 });
  });
});
