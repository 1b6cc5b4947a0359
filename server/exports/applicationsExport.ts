import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { applicationEvaluations } from '../db/schema/evaluations.ts';
import { organizations } from '../db/schema/organizations.ts';
import { receipts } from '../db/schema/receipts.ts';
import { domandaSignatures } from '../db/schema/signatures.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { SignatureSigner } from '../../domain/domandaSignature.ts';
import { domandaSignatureMessages } from '../../domain/messages/domandaSignature.ts';
import { exportsMessages } from '../../domain/messages/exports.ts';
import type { ExportRow } from './applicationsWorkbook.ts';
import { yieldToEventLoop } from './pacing.ts';

/** Applications fetched per query while the rows are written (their data: a few KB each). */
const BATCH = 50;
/** Ids per query while the order and the columns are worked out (small results, one query per chunk). */
const LOOKUP_CHUNK = 200;
const collator = new Intl.Collator('it', { sensitivity: 'base' });

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The signed Domanda's columns: each signer as "Nome Cognome (codice fiscale)", one a line, and the first signing time. */
function signatureCells(signers: SignatureSigner[] | null): ExportRow['signature'] {
  if (!signers || signers.length === 0) return null;
  const times = signers.flatMap((signer) => (signer.signingTime ? [Date.parse(signer.signingTime)] : [])).filter(Number.isFinite);
  return {
    signers: signers.map((signer) => domandaSignatureMessages.signerLine(signer.name, signer.fiscalCode)).join('\n'),
    signingTime: times.length > 0 ? new Date(Math.min(...times)) : null,
  };
}

/**
 * What an export of `ids` (applications of `fund`; ids of the other fund or unknown are left out) needs: the rows
 * in organisation-name order, fetched in batches as the workbook asks for them (never all applications' data at
 * once). The order is looked up a chunk of ids at a time, giving the event loop back between chunks, so that
 * other people's requests are answered in between.
 */
export async function prepareApplicationsExport(db: Db, fund: Fund, ids: string[]) {
  const order: { id: string; name: string }[] = [];
  for (const chunk of chunks(ids, LOOKUP_CHUNK)) {
    const wanted = and(eq(applications.fund, fund), inArray(applications.id, chunk));
    order.push(
      ...(await db
        .select({ id: applications.id, name: organizations.name })
        .from(applications)
        .innerJoin(organizations, eq(organizations.id, applications.organizationId))
        .where(wanted)),
    );
    await yieldToEventLoop();
  }
  order.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));

  async function* batches(): AsyncIterable<ExportRow[]> {
    for (let start = 0; start < order.length; start += BATCH) {
      const slice = order.slice(start, start + BATCH).map((r) => r.id);
      // Only what a row shows: the submitted application or, without one, the draft (never both documents).
      const rows = await db
        .select({
          id: applications.id,
          status: applications.status,
          submittedAt: applications.submittedAt,
          statusChangedAt: applications.statusChangedAt,
          warnings: applications.warnings,
          submitted: sql<boolean>`${applications.body} is not null`,
          data: sql<Record<string, unknown> | null>`coalesce(${applications.body}, ${applications.draft})`,
          organization: { name: organizations.name, pIva: organizations.pIva, email: organizations.email },
          signers: domandaSignatures.signers,
          evaluationOutcome: applicationEvaluations.outcome,
          evaluationScore: applicationEvaluations.weightedScore,
          evaluationHandedOverAt: applicationEvaluations.handedOverAt,
        })
        .from(applications)
        .innerJoin(organizations, eq(organizations.id, applications.organizationId))
        .leftJoin(domandaSignatures, eq(domandaSignatures.applicationId, applications.id))
        // The reviewers' evaluation, once handed over (issue 44): this list is the administrators' only.
        .leftJoin(
          applicationEvaluations,
          and(eq(applicationEvaluations.applicationId, applications.id), isNotNull(applicationEvaluations.handedOverAt)),
        )
        .where(inArray(applications.id, slice));
      const byId = new Map(rows.map((r) => [r.id, r]));
      // The application's hand-over receipts, oldest first: after a reopening, the latest one is the application's.
      const protocols = new Map(
        (
          await db
            .select({ applicationId: receipts.applicationId, protocol: receipts.protocol, acceptedAt: receipts.acceptedAt })
            .from(receipts)
            .where(and(inArray(receipts.applicationId, slice), eq(receipts.kind, 'application')))
            .orderBy(asc(receipts.handedOverAt), asc(receipts.number))
        ).map((receipt) => [receipt.applicationId, receipt]),
      );
      yield slice.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        return [
          {
            organization: r.organization,
            status: r.status,
            submittedAt: r.submittedAt,
            statusChangedAt: r.statusChangedAt,
            protocol: protocols.get(id)?.protocol ?? null,
            acceptedAt: protocols.get(id)?.acceptedAt ?? null,
            warnings: r.warnings,
            data: r.data,
            source: r.submitted ? exportsMessages.source.application : r.data ? exportsMessages.source.draft : null,
            signature: signatureCells(r.signers),
            evaluation: r.evaluationHandedOverAt
              ? { outcome: r.evaluationOutcome, weightedScore: r.evaluationScore, handedOverAt: r.evaluationHandedOverAt }
              : null,
          } satisfies ExportRow,
        ];
      });
    }
  }

  return { count: order.length, ids: order.map((r) => r.id), batches: batches() };
}
