import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/queryRows.ts';
import { attachments, attachmentTypes } from '../db/schema/attachments.ts';
import { calls } from '../db/schema/calls.ts';
import { monitoringPeriods } from '../db/schema/monitoring.ts';
import { organizations } from '../db/schema/organizations.ts';
import type { PreparedReceipt, ReceiptAttachment, ReceiptFigure } from '../db/schema/receipts.ts';
import { signatureFactsOf, signatureRowOf } from '../domanda/signatureRows.ts';
import { surveyDefinitions, surveySubmissions } from '../db/schema/surveys.ts';
import { titleOf } from '../surveys/definitions.ts';
import { users } from '../db/schema/users.ts';
import { latestRoundOf } from '../integrations/rounds.ts';
import { currentRoundOf } from '../monitoring/rounds.ts';
import { formatItalianDate, italianDate } from '../../domain/italianDates.ts';
import { formatAmount } from '../../domain/italianNumbers.ts';
import { receiptsMessages } from '../../domain/messages/receipts.ts';
import type { ReceiptKind } from '../../domain/receipts.ts';
import { FUND_ENTRIES } from '../../domain/funds.ts';
import { italianYear } from './protocolNumbers.ts';
import type { ApplicationRow } from '../db/schema/applications.ts';

const m = receiptsMessages;
const labels = m.figureLabels;

export interface IssueReceiptInput {
  application: ApplicationRow;
  kind: ReceiptKind;
  /** The person handing over; null for the portal itself. */
  userId: string | null;
  at: Date;
  statusHistoryId: string;
}

const amountOf = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) ? `${formatAmount(value)} \u20ac` : null;

/** The project's name, total investment and amount asked of the fund, as submitted (the fund's own fields). */
function applicationFigures(application: ApplicationRow): ReceiptFigure[] {
  const body = application.body ?? application.draft ?? {};
  const fields = FUND_ENTRIES.find((entry) => entry.fund === application.fund)?.report;
  const figures: ReceiptFigure[] = [];
  if (typeof body.progNome === 'string' && body.progNome.trim() !== '') {
    figures.push({ label: labels.projectName, value: body.progNome.trim() });
  }
  const total = fields ? amountOf(body[fields.totalInvestment]) : null;
  if (total) figures.push({ label: labels.totalInvestment, value: total });
  const fund = fields ? amountOf(body[fields.fundAmount]) : null;
  if (fund) figures.push({ label: labels.fundAmount, value: fund });
  return figures;
}

async function filesOf(tx: Db, application: ApplicationRow, kind: ReceiptKind, integrationRoundId: string | null) {
  const rows = await tx
    .select({ name: attachments.fileName, type: attachmentTypes.name, size: attachments.size, sha256: attachments.sha256 })
    .from(attachments)
    .innerJoin(attachmentTypes, eq(attachmentTypes.id, attachments.attachmentTypeId))
    .where(
      kind === 'integration'
        ? eq(attachments.integrationRoundId, integrationRoundId ?? '00000000-0000-0000-0000-000000000000')
        : and(
            eq(attachments.organizationId, application.organizationId),
            eq(attachments.fund, application.fund),
            eq(attachmentTypes.purpose, kind),
          ),
    )
    .orderBy(asc(attachmentTypes.sortOrder), asc(attachments.createdAt), asc(attachments.id));
  return rows satisfies ReceiptAttachment[];
}

/** What the receipt of each kind says about the hand-over, beside its files. */
async function describe(
  tx: Db,
  application: ApplicationRow,
  kind: ReceiptKind,
): Promise<{ title: string; figures: ReceiptFigure[]; integrationRoundId: string | null }> {
  const project = applicationFigures(application).filter((figure) => figure.label === labels.projectName);
  switch (kind) {
    case 'application':
      return { title: m.kinds.application, figures: applicationFigures(application), integrationRoundId: null };
    case 'integration': {
      const round = await latestRoundOf(tx, application.id);
      const figures = [...project];
      if (round) {
        figures.push({ label: labels.integrationRequest, value: round.request });
        figures.push({ label: labels.requestedOn, value: italianDate(round.requestedAt) });
      }
      return { title: round ? m.integrationTitle(round.number) : m.kinds.integration, figures, integrationRoundId: round?.id ?? null };
    }
    case 'review': {
      // Each survey by the title people read in the review (issue 46: not its type name, «Gresb-Pui»), as answered.
      const surveys = await tx
        .select({ name: surveySubmissions.surveyName, json: surveyDefinitions.json })
        .from(surveySubmissions)
        .innerJoin(surveyDefinitions, eq(surveyDefinitions.id, surveySubmissions.definitionId))
        .where(and(eq(surveySubmissions.applicationId, application.id), eq(surveySubmissions.monitoraggio, false)))
        .orderBy(asc(surveySubmissions.surveyName));
      const figures = [...project];
      // Titles hold commas («…, sociale e di governance»): a semicolon keeps them apart.
      if (surveys.length > 0) figures.push({ label: labels.surveys, value: surveys.map(titleOf).join('; ') });
      return { title: m.kinds.review, figures, integrationRoundId: null };
    }
    case 'monitoring': {
      const round = await currentRoundOf(tx, application.id);
      const [period] = round
        ? await tx
            .select({ title: monitoringPeriods.title, dueOn: monitoringPeriods.dueOn })
            .from(monitoringPeriods)
            .where(eq(monitoringPeriods.id, round.periodId))
        : [];
      const figures = [...project];
      if (period) {
        figures.push({ label: labels.period, value: period.title });
        figures.push({ label: labels.dueOn, value: formatItalianDate(period.dueOn) });
      }
      return { title: period ? m.monitoringTitle(period.title) : m.kinds.monitoring, figures, integrationRoundId: null };
    }
  }
}

/**
 * Reads, in the hand-over's transaction, everything the receipt shows — a snapshot of names, figures and files
 * taken then. The SHA-256 of each file was computed from its bytes as they were stored at upload
 * (server/attachments/upload.ts), and a handed-over file can no longer be replaced or removed. Takes no number:
 * `numberReceipt` does, as the transaction's last statement.
 */
export async function prepareReceipt(tx: Db, input: IssueReceiptInput): Promise<PreparedReceipt> {
  const { application, kind, at } = input;
  // The organisation, the call and the person in one statement: a click day runs this for every hand-over.
  const [facts] = await queryRows<{
    organization_name: string | null;
    vat_number: string | null;
    call_title: string | null;
    signature_required: boolean | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  }>(
    tx,
    sql`select o.name as organization_name, o.p_iva as vat_number, c.title as call_title, c.signature_required,
               u.first_name, u.last_name, u.email
        from (select 1) as one
        left join ${organizations} o on o.id = ${application.organizationId}
        left join ${calls} c on c.fund = ${application.fund}
        left join ${users} u on u.id = ${input.userId}`,
  );
  const organization = facts?.organization_name != null ? { name: facts.organization_name, pIva: facts.vat_number ?? '' } : undefined;
  const call = facts?.call_title != null ? { title: facts.call_title, signatureRequired: facts.signature_required === true } : undefined;
  const person =
    input.userId && facts?.email != null
      ? { firstName: facts.first_name ?? '', lastName: facts.last_name ?? '', email: facts.email }
      : undefined;
  const personName = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  const handedOverByName = person ? (personName ? `${personName} (${person.email})` : person.email) : m.portalName;
  const { title, figures, integrationRoundId } = await describe(tx, application, kind);
  const files = await filesOf(tx, application, kind, integrationRoundId);
  // The signed Domanda, which the hand-over's check has just found to sign exactly what is handed over (issue 43).
  const signed = kind === 'application' && call?.signatureRequired ? await signatureRowOf(tx, application.id) : undefined;
  const signature = signed ? signatureFactsOf(signed) : null;
  return {
    fund: application.fund,
    year: italianYear(at),
    kind,
    title,
    applicationId: application.id,
    organizationId: application.organizationId,
    statusHistoryId: input.statusHistoryId,
    handedOverBy: input.userId,
    handedOverByName,
    handedOverAt: at,
    callTitle: call?.title ?? application.fund,
    organizationName: organization?.name ?? '',
    vatNumber: organization?.pIva ?? '',
    figures,
    attachments: files,
    signature,
  };
}
