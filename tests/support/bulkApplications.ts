import { APPLICATION_STATUS_CODES, type ApplicationStatusCode, type Fund } from '../../domain/applicationStatus.ts';
import { partitaIvaCheckDigit } from '../../domain/organization.ts';
import { isSubmittedStatus } from '../../machines/application-lifecycle/transitions.ts';
import type { Db } from '../../server/db/client.ts';
import { applications } from '../../server/db/schema/applications.ts';
import { organizations } from '../../server/db/schema/organizations.ts';
import { createTerritory } from '../../server/reference/territory.ts';

/** A small deterministic PRNG (mulberry32), so two runs measure the same data. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = ['Comune di', 'Unione dei Comuni di', 'Fondazione', 'Consorzio Turistico', 'Società Cooperativa', 'Albergo Diffuso'];

/**
 * Inserts `count` organisations straight into the database (multi-row inserts), most with a TUR and/or PUI
 * application in a random status and some with drafts: the admin list's worst realistic case. For
 * benchmarks only — real applications move through the lifecycle service.
 */
export async function insertBulkOrganizations(db: Db, count: number, seed = 2026): Promise<void> {
  const next = random(seed);
  const comuni = createTerritory().comuni;
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const start = Date.parse('2026-01-10T08:00:00Z');
  const span = Date.parse('2026-10-31T18:00:00Z') - start;

  const orgRows = Array.from({ length: count }, (_, i) => {
    const firstTen = `9${String(i).padStart(6, '0')}058`;
    const comune = pick(comuni).name;
    return {
      name: `${pick(KINDS)} ${comune} ${i}`,
      email: `protocollo${i}@ente${i}.it`,
      pIva: `${firstTen}${partitaIvaCheckDigit(firstTen)}`,
      profile: { description: `Ente di ${comune}`, telephone: '0612345678' },
    };
  });
  const ids: string[] = [];
  for (let i = 0; i < orgRows.length; i += 1000) {
    const inserted = await db
      .insert(organizations)
      .values(orgRows.slice(i, i + 1000))
      .returning({ id: organizations.id });
    ids.push(...inserted.map((r) => r.id));
  }

  const appRows: (typeof applications.$inferInsert)[] = [];
  for (const organizationId of ids) {
    for (const [fund, share] of [
      ['TUR', 0.8],
      ['PUI', 0.6],
    ] as [Fund, number][]) {
      if (next() > share) continue;
      const status: ApplicationStatusCode = pick(APPLICATION_STATUS_CODES.slice(1));
      const submitted = isSubmittedStatus(status);
      const at = new Date(start + Math.floor(next() * span));
      appRows.push({
        organizationId,
        fund,
        status,
        draft: { progNome: `Progetto ${fund} ${organizationId.slice(0, 8)}`, costiTotale: Math.round(next() * 2e7) },
        draftVersion: 1 + Math.floor(next() * 20),
        draftUpdatedAt: at,
        body: submitted ? { progNome: `Progetto ${fund}`, costiTotale: Math.round(next() * 2e7) } : null,
        warnings: submitted && next() < 0.3 ? ['Quota del fondo superiore al 50% del totale'] : [],
        submittedAt: submitted ? at : null,
        statusChangedAt: at,
      });
    }
  }
  for (let i = 0; i < appRows.length; i += 1000) await db.insert(applications).values(appRows.slice(i, i + 1000));
}
