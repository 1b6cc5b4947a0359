import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../server/db/schema/applications.ts';
import { calls } from '../../server/db/schema/calls.ts';
import { organizations } from '../../server/db/schema/organizations.ts';

// Migration 0026: a PUI application kept its region by name, TUR's by ISTAT code; both keep the code now. The data
// are written as the portal stored them before it, then the migrations run as at a start.

const migrationsFolder = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const MIGRATION = '0026_pui_region_code';

let client: PGlite;
let db: ReturnType<typeof drizzle>;
let before: string;

/** The migrations folder as it was before `tag`: the same files, the journal ending just before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, tag).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

const call = (fund: string) => ({
  fund,
  title: `Bando ${fund}`,
  opensAt: new Date('2026-01-01T00:00:00+01:00'),
  closesAt: new Date('2027-12-31T18:00:00+01:00'),
  endOfWorksLimit: '2030-12-31',
  thresholds: { maxFundSharePercent: 80 } as never,
});

async function organization(pIva: string): Promise<string> {
  const [row] = await db
    .insert(organizations)
    .values({ name: `Comune ${pIva}`, pIva })
    .returning({ id: organizations.id });
  return row!.id;
}

async function application(fund: string, values: { draft?: Record<string, unknown>; body?: Record<string, unknown> }) {
  const organizationId = await organization(String(10_000_000_000 + Math.floor(Math.random() * 1e9)));
  const [row] = await db
    .insert(applications)
    .values({ organizationId, fund, status: values.body ? 'CANDIDATURA_SOTTOMESSA' : 'APERTA', ...values })
    .returning({ id: applications.id });
  return row!.id;
}

async function stored(id: string) {
  const [row] = await db.select({ draft: applications.draft, body: applications.body }).from(applications).where(eq(applications.id, id));
  return row!;
}

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  before = migrationsBefore(MIGRATION);
  await migrate(db, { migrationsFolder: before });
  await db.insert(calls).values([call('TUR'), call('PUI')]);
});

afterAll(async () => {
  await client?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('migration 0026: both funds keep the region by ISTAT code', () => {
  it("turns a PUI application's region name into its code, in the draft and in the submitted body", async () => {
    const submitted = await application('PUI', {
      draft: { progNome: 'Parco lineare', progCittaMetropolitana: 258, progRegione: 'Lazio' },
      body: { progNome: 'Parco lineare', progCittaMetropolitana: 258, progRegione: 'Lazio' },
    });
    const draftOnly = await application('PUI', { draft: { progNome: 'Darsena', progRegione: " Valle d'Aosta " } });
    const cleared = await application('PUI', { draft: { progNome: 'Piazza', progRegione: '' } });
    const unknown = await application('PUI', { draft: { progNome: 'Atlantide', progRegione: 'Atlantide' } });
    const alreadyCode = await application('PUI', { draft: { progNome: 'Porto', progRegione: '15' } });
    const noRegion = await application('PUI', { draft: { progNome: 'Senza regione' } });
    const tur = await application('TUR', { body: { progNome: 'Sentiero', progRegione: '9', progProvincia: '52' } });

    await migrate(db, { migrationsFolder });

    expect(await stored(submitted)).toEqual({
      draft: { progNome: 'Parco lineare', progCittaMetropolitana: 258, progRegione: '12' },
      body: { progNome: 'Parco lineare', progCittaMetropolitana: 258, progRegione: '12' },
    });
    expect((await stored(draftOnly)).draft).toEqual({ progNome: 'Darsena', progRegione: '2' });
    expect((await stored(cleared)).draft).toEqual({ progNome: 'Piazza', progRegione: '' });
    // A name the territory does not know is no region: the next save completes it from the city.
    expect((await stored(unknown)).draft).toEqual({ progNome: 'Atlantide', progRegione: '' });
    expect((await stored(alreadyCode)).draft).toEqual({ progNome: 'Porto', progRegione: '15' });
    expect(await stored(noRegion)).toEqual({ draft: { progNome: 'Senza regione' }, body: null });
    expect(await stored(tur)).toEqual({ draft: null, body: { progNome: 'Sentiero', progRegione: '9', progProvincia: '52' } });
  });

  it('knows every region of the territory by the name the portal stored', () => {
    const regions = (
      JSON.parse(readFileSync(new URL('../../server/reference/lists/territorio.json', import.meta.url), 'utf8')) as {
        regions: { id: number; name: string }[];
      }
    ).regions;
    const migration = readFileSync(join(migrationsFolder, `${MIGRATION}.sql`), 'utf8');
    expect(regions).toHaveLength(20);
    for (const region of regions) {
      expect(migration, region.name).toContain(`('${region.name.toLowerCase().replaceAll("'", "''")}', '${region.id}')`);
    }
  });
});
