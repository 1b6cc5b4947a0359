import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrganizationListSchema } from '../../domain/application.ts';
import { APPLICATION_STATUS_CODES } from '../../domain/applicationStatus.ts';
import { foldForSearch } from '../../domain/textSearch.ts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { seedDemo } from '../../server/seed/demo.ts';
import { createPuiFund, createPuiPlaces } from '../../server/funds/pui.ts';
import { puiWizardDefinition } from '../../domain/pui/puiWizard.ts';
import { loadReferenceData } from '../../server/reference/referenceData.ts';
import { createTerritory } from '../../server/reference/territory.ts';
import { applications } from '../../server/db/schema/applications.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';
import { adminTargetsFrom } from '../../machines/application-lifecycle/transitions.ts';
import { createAdminList } from '../../server/applications/adminList.ts';
import { organizations } from '../../server/db/schema/organizations.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { insertBulkOrganizations } from '../support/bulkApplications.ts';
import { newPartitaIva, personWithOrganization } from '../support/organizationFixtures.ts';
import { forceApplicationStatus, saveDraft, updateStatus } from '../support/applicationFixtures.ts';

let t: TestApp;
let zeta: Awaited<ReturnType<typeof personWithOrganization>>;
let alfa: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let emme: Awaited<ReturnType<typeof personWithOrganization>>;
let zetaTurId: string;

beforeAll(async () => {
  t = await createTestApp();
  zeta = await personWithOrganization(t, { name: 'Zeta Turismo S.r.l.' });
  alfa = await personWithOrganization(t, { name: 'Comune di Àlfa' });
  emme = await personWithOrganization(t, { name: 'comune di Emme' });
  admin = await t.loginAsAdmin();
  await saveDraft(t, alfa.token, alfa.orgId, 'PUI', { progNome: 'Piazza nuova' });
  await saveDraft(t, zeta.token, zeta.orgId, 'TUR', { descrizione: 'Sentieri e ciclovie' });
  await saveDraft(t, zeta.token, zeta.orgId, 'PUI', { progNome: 'Parco lineare' });
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
      // Put into its status by the test, not handed over: no receipt, no acceptance time.
      acceptedAt: null,
      statusChangedAt: expect.any(String),
      allowedTargets: [...adminTargetsFrom('CANDIDATURA_SOTTOMESSA')],
      warningsCount: 1,
    });
    expect(z!.puiCompilazione).toMatchObject({ statusCode: 'DELIBERATA', allowedTargets: ['APERTA', 'MONITORAGGIO_APERTO'] });
    // Handed over and decided: neither application is a draft any more, though both were saved as one.
    expect(z!.compilazioneDrafts).toEqual([]);
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
    expect(zetaItem.turCompilazione).toMatchObject({
      statusCode: 'IN_VALUTAZIONE',
      allowedTargets: ['APERTA', 'IN_INTEGRAZIONE', 'AMMISSIBILE', 'RIFIUTATA'],
    });
  });

  it('answers Brotli or gzip as the browser asks, the same bytes compressed once per version of the list', async () => {
    const plain = await t.get(url, admin.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [acceptEncoding, encoding, decompress] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
      ['*', 'br', brotliDecompressSync],
    ] as const) {
      const response = await t.get(url, admin.token, { 'accept-encoding': acceptEncoding });
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers.etag).toBe(plain.headers.etag);
      expect(decompress(response.rawPayload).equals(plain.rawPayload), acceptEncoding).toBe(true);
    }
    const identityOnly = await t.get(url, admin.token, { 'accept-encoding': 'identity, br;q=0, gzip;q=0' });
    expect(identityOnly.headers['content-encoding']).toBeUndefined();
    expect(identityOnly.rawPayload.equals(plain.rawPayload)).toBe(true);

    // A new version of the list is compressed anew: never an older list's bytes under the new ETag.
    expect(
      (
        await updateStatus(
          t,
          admin.token,
          'PUI',
          await forceApplicationStatus(t, emme.orgId, 'PUI', 'CANDIDATURA_SOTTOMESSA'),
          'In valutazione',
        )
      ).statusCode,
    ).toBe(200);
    const changedPlain = await t.get(url, admin.token);
    const changedBr = await t.get(url, admin.token, { 'accept-encoding': 'br' });
    expect(changedBr.headers.etag).not.toBe(plain.headers.etag);
    expect(brotliDecompressSync(changedBr.rawPayload).equals(changedPlain.rawPayload)).toBe(true);
  });

  it('is for platform admins only: applicants 403, anonymous 401', async () => {
    const refused = await t.get(url, zeta.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Non hai i permessi per questa operazione.' });
    expect((await t.get(url)).statusCode).toBe(401);
  });
});

describe('GetAllOrgsCompilazioni stays true to the database, whoever writes it', () => {
  type Item = { organization: { id: string; name: string }; turCompilazione: { statusCode: string } | null; puiCompilazione: unknown };
  const list = async () => {
    const response = await t.get(url, admin.token);
    expect(response.statusCode).toBe(200);
    return { body: response.body, etag: String(response.headers.etag), items: response.json() as Item[] };
  };
  /** What a server process that has never answered would send: a full build from the database. */
  const freshBuild = async () => (await createAdminList(t.db).current()).body.toString();
  const names = (items: Item[]) => items.map((item) => item.organization.name);

  it('answers what a full build answers after writes made outside this process: rename, new organisation, new application, deletion', async () => {
    const before = await list();
    expect(before.body).toBe(await freshBuild());

    // Another server process (or a script) writes straight into the tables.
    await t.db.update(organizations).set({ name: 'Aaa Comune di Emme' }).where(eq(organizations.id, emme.orgId));
    const renamed = await list();
    expect(names(renamed.items)[0]).toBe('Aaa Comune di Emme');
    expect(renamed.etag).not.toBe(before.etag);
    expect(renamed.body).toBe(await freshBuild());

    const [added] = await t.db
      .insert(organizations)
      .values({ name: 'Nuova Fondazione', pIva: newPartitaIva(), email: null })
      .returning({ id: organizations.id });
    await forceApplicationStatus(t, added!.id, 'TUR', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date('2026-04-01T10:00:00Z') });
    const grown = await list();
    expect(grown.items.find((item) => item.organization.id === added!.id)?.turCompilazione).toMatchObject({
      statusCode: 'CANDIDATURA_SOTTOMESSA',
    });
    expect(grown.body).toBe(await freshBuild());

    await t.db.delete(organizations).where(eq(organizations.id, added!.id));
    const shrunk = await list();
    expect(shrunk.items.map((item) => item.organization.id)).not.toContain(added!.id);
    expect(shrunk.body).toBe(await freshBuild());
    expect(shrunk.body).toBe(renamed.body);
    // Same bytes, same ETag, in any process: a client revalidating against another process still gets its 304.
    expect(shrunk.etag).toBe(renamed.etag);
    expect((await t.get(url, admin.token, { 'if-none-match': renamed.etag })).statusCode).toBe(304);
  });

  it('patched in place across several chunks, answers the bytes of a full build (the list holds its text once, as views into its body)', async () => {
    const big = await createTestApp();
    try {
      await insertBulkOrganizations(big.db, 350);
      const bigAdmin = await big.loginAsAdmin();
      const answer = async () => (await big.get(url, bigAdmin.token)).body;
      const fresh = async () => (await createAdminList(big.db).current()).body.toString();
      expect(await answer()).toBe(await fresh());
      const items = JSON.parse(await answer()) as Item[];
      // A status change in a middle chunk (patched in place), then a rename that moves one to the front (re-laid out).
      const middle = items[150]!;
      await forceApplicationStatus(big, middle.organization.id, 'TUR', 'IN_VALUTAZIONE');
      const patched = await answer();
      expect((JSON.parse(patched) as Item[])[150]!.turCompilazione?.statusCode).toBe('IN_VALUTAZIONE');
      expect(patched).toBe(await fresh());
      await big.db.update(organizations).set({ name: '000 Primo Comune' }).where(eq(organizations.id, items[260]!.organization.id));
      expect(await answer()).toBe(await fresh());
      await forceApplicationStatus(big, items[10]!.organization.id, 'PUI', 'DELIBERATA');
      expect(await answer()).toBe(await fresh());
    } finally {
      await big.close();
    }
  });

  it('builds a list longer than one page of its build (1,000 organisations a statement): each organisation once, by name', async () => {
    const big = await createTestApp();
    try {
      await insertBulkOrganizations(big.db, 2300);
      const items = JSON.parse((await createAdminList(big.db).current()).body.toString()) as Item[];
      const stored = await big.db.select({ id: organizations.id, name: organizations.name }).from(organizations);
      expect(items).toHaveLength(stored.length);
      expect(new Set(items.map((item) => item.organization.id))).toEqual(new Set(stored.map((row) => row.id)));
      // By name as the list sorts it: case and accents folded (domain/textSearch.ts).
      const keys = items.map((item) => foldForSearch(item.organization.name));
      expect(keys).toEqual([...keys].sort());
    } finally {
      await big.close();
    }
  });

  it('answers every change committed before the request, also to many requests arriving together', async () => {
    await list();
    expect((await updateStatus(t, admin.token, 'TUR', zetaTurId, 'Ammissibile')).statusCode).toBe(200);
    const together = await Promise.all(Array.from({ length: 5 }, () => t.get(url, admin.token)));
    for (const response of together) {
      const zetaItem = (response.json() as Item[]).find((item) => item.organization.id === zeta.orgId)!;
      expect(zetaItem.turCompilazione?.statusCode).toBe('AMMISSIBILE');
    }
    expect(new Set(together.map((response) => response.headers.etag)).size).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL, sees a change whose transaction was still running when the list was last read (commit order is not write order)',
    async () => {
      // A long transaction writes first (so it has the older transaction id) and commits last.
      await t.db.transaction(async (tx) => {
        await tx.update(organizations).set({ name: 'Comune di Emme, scritto prima' }).where(eq(organizations.id, emme.orgId));
        // Meanwhile another change is committed and the list read again, on other connections.
        await forceApplicationStatus(t, alfa.orgId, 'TUR', 'IN_VALUTAZIONE');
        const during = await list();
        expect(names(during.items)).not.toContain('Comune di Emme, scritto prima');
        expect(during.items.find((item) => item.organization.id === alfa.orgId)?.turCompilazione).toMatchObject({
          statusCode: 'IN_VALUTAZIONE',
        });
      });
      const after = await list();
      expect(names(after.items)).toContain('Comune di Emme, scritto prima');
      expect(after.body).toBe(await freshBuild());
    },
  );
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
    const history = (
      await t.get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${closed.turCompilazione!.id}`, admin.token)
    ).json();
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
    expect(history.find((h: { statusCode: string }) => h.statusCode === 'DELIBERATA').note).toBe(
      'Deliberato dal comitato di investimento.',
    );

    // Every submitted TUR application passes the TUR rules, with the warnings those rules give it.
    const submitted = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.fund, 'TUR'), isNotNull(applications.body)));
    expect(submitted.length).toBeGreaterThan(10);
    const thresholds = {
      fundAmountWarning: 16_000_000,
      maxFundSharePercent: 50,
      propertyPurchaseMaxPercent: 10,
      energyCapexMinPercent: 50,
      digitalCapexMinPercent: 20,
    };
    for (const row of submitted) {
      const values = turWizardDefinition.fromDraft(row.body, row.organizationId);
      expect(turWizardDefinition.validate(values, { endOfWorksLimit: '2026-08-31', today: '2026-01-01' }), row.id).toEqual([]);
      expect(row.warnings).toEqual(turWizardDefinition.warnings(values, thresholds));
    }
    expect(submitted.some((row) => row.warnings.length > 0)).toBe(true);

    // Every submitted PUI application passes the PUI rules and CreatePui's own checks (the comune in the city,
    // the city's plans and objectives, known types and levels), keeps the region as CreatePui completes it (by
    // name), and carries the warnings those rules give it.
    const territory = createTerritory();
    const reference = await loadReferenceData({ territory });
    const places = createPuiPlaces(territory, reference);
    const puiChecks = createPuiFund(territory, reference).application!;
    const puiThresholds = {
      fundAmountWarning: 30_000_000,
      maxFundSharePercent: 50,
      propertyPurchaseMaxPercent: null,
      energyCapexMinPercent: null,
      digitalCapexMinPercent: null,
    };
    const pui = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.fund, 'PUI'), isNotNull(applications.body)));
    expect(pui.length).toBeGreaterThan(10);
    for (const row of pui) {
      const values = puiWizardDefinition.fromDraft(row.body, row.organizationId);
      expect(puiWizardDefinition.validate(values, { endOfWorksLimit: '2026-08-31', today: '2026-01-01' }), row.id).toEqual([]);
      expect(puiChecks.referenceIssues(values), row.id).toEqual([]);
      expect(row.body?.progRegione, row.id).toBe(places.regionOfCity(Number(row.body?.progCittaMetropolitana)));
      expect(row.warnings).toEqual(puiWizardDefinition.warnings(values, puiThresholds));
    }
    expect(await seedDemo(t.db)).toEqual({ organizations: 0, applications: 0, skipped: 26 });
  });
});
