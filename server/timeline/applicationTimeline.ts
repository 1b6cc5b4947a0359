import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { applicationStatusLabels } from '../../domain/applicationStatus.ts';
import { TIMELINE_EVENT_KINDS, type TimelineEvent, type TimelineEventKind } from '../../domain/applicationTimeline.ts';
import type { IntegrationItem } from '../../domain/integration.ts';
import { itemTitle, itemValueText } from '../../domain/integrationItemText.ts';
import { isEvaluationOutcome } from '../../domain/evaluationProposal.ts';
import { formatItalianDate, italianDateTime } from '../../domain/italianDates.ts';
import { evaluationMessages } from '../../domain/messages/evaluation.ts';
import { monitoringMessages } from '../../domain/messages/monitoring.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import { timelineMessages as m } from '../../domain/messages/timeline.ts';
import { isToldToApplicant } from '../../domain/statusNotifications.ts';
import type { Db } from '../db/client.ts';
import { applicationNotes } from '../db/schema/applicationNotes.ts';
import { applications, applicationStatusHistory } from '../db/schema/applications.ts';
import { applicationEvaluations } from '../db/schema/evaluations.ts';
import { attachments } from '../db/schema/attachments.ts';
import { exportDownloads } from '../db/schema/exportDownloads.ts';
import { integrationRounds } from '../db/schema/integrations.ts';
import { itemsOfRounds, type ItemValueText } from '../integrations/items.ts';
import { monitoringPeriods } from '../db/schema/monitoring.ts';
import { sentMonitoringReminders } from '../monitoring/sentReminders.ts';
import { statusNotifications } from '../db/schema/notifications.ts';
import { receipts } from '../db/schema/receipts.ts';
import { domandaSignatures } from '../db/schema/signatures.ts';
import { surveySubmissions } from '../db/schema/surveys.ts';
import { users } from '../db/schema/users.ts';
import { personName } from './personName.ts';

/**
 * Who reads the timeline: 'admin' sees everything with every name; 'applicant' (the application's organisation)
 * sees its own events without the internal ones (private notes, exports) and with «Amministrazione» in place of
 * an administrator's name.
 */
export type TimelineAudience = 'admin' | 'applicant';

type Role = 'admin' | 'applicant' | 'system';

/** An event before the audience decides the actor's name. */
interface Draft extends Omit<TimelineEvent, 'actor'> {
  role: Role;
  name: string | null;
}

const RANK = new Map<TimelineEventKind, number>(TIMELINE_EVENT_KINDS.map((kind, index) => [kind, index]));
const iso = (date: Date) => date.toISOString();

/**
 * One application's timeline (issue 44), built from each source in turn (one query each) and ordered by time,
 * then by the kind of event (a hand-over before its e-mail when both carry the same instant), then by id. The
 * application must exist; the caller has checked who may read it.
 */
export async function applicationTimeline(
  db: Db,
  applicationId: string,
  audience: TimelineAudience,
  /** How an integration item's old and new values read; without it, as stored. */
  valueText?: ItemValueText,
): Promise<TimelineEvent[]> {
  const [application] = await db
    .select({ fund: applications.fund, createdAt: applications.createdAt })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!application) return [];
  const events: Draft[] = [];
  const forAdmin = audience === 'admin';
  const completer = alias(users, 'completer');

  // Status changes: the first (from Non avviata) is the draft's start; one with a receipt is a hand-over.
  const changes = await db
    .select({
      id: applicationStatusHistory.id,
      from: applicationStatusHistory.fromStatus,
      to: applicationStatusHistory.toStatus,
      note: applicationStatusHistory.note,
      role: applicationStatusHistory.actorRole,
      at: applicationStatusHistory.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      receiptTitle: receipts.title,
      protocol: receipts.protocol,
    })
    .from(applicationStatusHistory)
    .leftJoin(users, eq(users.id, applicationStatusHistory.actorUserId))
    .leftJoin(receipts, eq(receipts.statusHistoryId, applicationStatusHistory.id))
    .where(eq(applicationStatusHistory.applicationId, applicationId));
  let started = false;
  for (const change of changes) {
    const noteShown = change.note?.trim() && (forAdmin || (change.role === 'admin' && isToldToApplicant(change.to)));
    const details = noteShown ? [m.note(change.note!)] : [];
    const base = { id: `status:${change.id}`, at: iso(change.at), role: change.role, name: personName(change), details };
    if (change.from === 'NON_AVVIATA' && !started) {
      started = true;
      events.push({ ...base, kind: 'draft.started', title: m.draftStarted });
    } else if (change.protocol && change.receiptTitle) {
      events.push({ ...base, kind: 'handover', title: m.handover(change.receiptTitle, change.protocol) });
    } else {
      const title = m.statusChanged(applicationStatusLabels[change.from], applicationStatusLabels[change.to]);
      events.push({ ...base, kind: 'status.changed', title });
    }
  }
  if (!started) {
    // An application written before its history began (or by a test's fixture): its row's birth is the start.
    events.push({
      id: `application:${applicationId}`,
      kind: 'draft.started',
      at: iso(application.createdAt),
      role: 'system',
      name: null,
      title: m.draftStarted,
      details: [],
    });
  }

  // Integration rounds: the request, and its answer once the applicant completed it.
  const rounds = await db
    .select({
      id: integrationRounds.id,
      number: integrationRounds.number,
      request: integrationRounds.request,
      deadline: integrationRounds.deadline,
      requestedAt: integrationRounds.requestedAt,
      completedAt: integrationRounds.completedAt,
      requesterFirstName: users.firstName,
      requesterLastName: users.lastName,
      requesterEmail: users.email,
      completerFirstName: completer.firstName,
      completerLastName: completer.lastName,
      completerEmail: completer.email,
      documents: sql<string[]>`coalesce((select array_agg(${attachments.fileName} order by ${attachments.createdAt}, ${attachments.id})
        from ${attachments} where ${attachments.integrationRoundId} = ${integrationRounds.id}), '{}')`,
    })
    .from(integrationRounds)
    .leftJoin(users, eq(users.id, integrationRounds.requestedBy))
    .leftJoin(completer, eq(completer.id, integrationRounds.completedBy))
    .where(eq(integrationRounds.applicationId, applicationId));
  const itemsByRound = await itemsOfRounds(
    db,
    rounds.map((round) => round.id),
  );
  const valueOf = (item: IntegrationItem, value: unknown) =>
    (valueText ? valueText(application.fund, item, value) : itemValueText(item, value)).replace(/\n/g, ', ');
  const answerOf = (item: IntegrationItem) =>
    item.answer === 'changed'
      ? [m.itemChanged(itemTitle(item), valueOf(item, item.oldValue), valueOf(item, item.newValue))]
      : item.answer === 'replied'
        ? [m.itemReplied(itemTitle(item), item.reply ?? '')]
        : [];
  for (const round of rounds) {
    const items = itemsByRound.get(round.id) ?? [];
    events.push({
      id: `integration:${round.id}`,
      kind: 'integration.requested',
      at: iso(round.requestedAt),
      role: 'admin',
      name: personName({ firstName: round.requesterFirstName, lastName: round.requesterLastName, email: round.requesterEmail }),
      title: m.integrationRequested(round.number),
      details: [
        ...(round.request.trim() ? [m.note(round.request)] : []),
        ...(round.deadline ? [m.integrationDeadline(formatItalianDate(round.deadline))] : []),
        ...items.map((item) => m.itemAsked(itemTitle(item), item.message)),
      ],
    });
    if (round.completedAt) {
      events.push({
        id: `integration-answer:${round.id}`,
        kind: 'integration.answered',
        at: iso(round.completedAt),
        role: 'applicant',
        name: personName({ firstName: round.completerFirstName, lastName: round.completerLastName, email: round.completerEmail }),
        title: m.integrationAnswered(round.number),
        details: [...(round.documents.length > 0 ? [m.integrationDocuments(round.documents)] : []), ...items.flatMap(answerOf)],
      });
    }
  }

  // Surveys handed over (the review's and the monitoring periods').
  const surveys = await db
    .select({
      id: surveySubmissions.id,
      name: surveySubmissions.surveyName,
      at: surveySubmissions.submittedAt,
      period: monitoringPeriods.title,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(surveySubmissions)
    .leftJoin(users, eq(users.id, surveySubmissions.updatedBy))
    .leftJoin(monitoringPeriods, eq(monitoringPeriods.id, surveySubmissions.monitoringPeriodId))
    .where(and(eq(surveySubmissions.applicationId, applicationId), isNotNull(surveySubmissions.submittedAt)));
  for (const survey of surveys) {
    events.push({
      id: `survey:${survey.id}`,
      kind: 'survey.handed_over',
      at: iso(survey.at!),
      role: 'applicant',
      name: personName(survey),
      title: m.surveyHandedOver(survey.period ? `${survey.name} – ${survey.period}` : survey.name),
      details: [],
    });
  }

  // The signed Domanda, verified when it was uploaded.
  const signatures = await db.select().from(domandaSignatures).where(eq(domandaSignatures.applicationId, applicationId));
  for (const signature of signatures) {
    events.push({
      id: `signature:${applicationId}:${signature.uploadedAt.getTime()}`,
      kind: 'signature.verified',
      at: iso(signature.uploadedAt),
      role: 'applicant',
      name: signature.uploadedByName || null,
      title: m.signatureVerified(signature.format, signature.fileName),
      details: [m.signers(signature.signers.map((signer) => signer.name)), ...(signature.trial ? [m.trialSignature] : [])],
    });
  }

  // The status e-mails sent: subject and recipients.
  const mails = await db
    .select({
      id: statusNotifications.id,
      status: statusNotifications.status,
      sentAt: statusNotifications.sentAt,
      deliveredTo: statusNotifications.deliveredTo,
    })
    .from(statusNotifications)
    .where(and(eq(statusNotifications.applicationId, applicationId), isNotNull(statusNotifications.sentAt)));
  for (const mail of mails) {
    events.push({
      id: `mail:${mail.id}`,
      kind: 'mail.sent',
      at: iso(mail.sentAt!),
      role: 'system',
      name: null,
      title: m.mailSent(statusMailMessages.statuses[mail.status].subject(application.fund)),
      details: mail.deliveredTo.length > 0 ? [m.recipients(mail.deliveredTo)] : [],
    });
  }

  // The monitoring reminders sent.
  for (const reminder of await sentMonitoringReminders(db, applicationId)) {
    events.push({
      id: `reminder:${reminder.id}`,
      kind: 'reminder.sent',
      at: iso(reminder.at),
      role: 'system',
      name: null,
      title: m.reminderSent(reminder.title, monitoringMessages.reminderKinds[reminder.kind]),
      details: [m.reminderRecipients(reminder.recipients)],
    });
  }

  if (forAdmin) {
    // The exports that included it, and who downloaded them (the GIN index answers the containment).
    const exports = await db
      .select()
      .from(exportDownloads)
      .where(sql`${exportDownloads.applicationIds} @> array[${applicationId}]::uuid[]`);
    for (const download of exports) {
      events.push({
        id: `export:${download.id}`,
        kind: 'export.downloaded',
        at: iso(download.downloadedAt),
        role: 'admin',
        name: download.downloadedByName || null,
        title: m.exportDownloaded[download.kind],
        details: [m.exportedWith(download.applicationIds.length)],
      });
    }

    // The reviewers' evaluation, once handed over (issue 44): never in the applicant's view.
    const [evaluation] = await db
      .select()
      .from(applicationEvaluations)
      .where(and(eq(applicationEvaluations.applicationId, applicationId), isNotNull(applicationEvaluations.handedOverAt)));
    if (evaluation) {
      const outcome = isEvaluationOutcome(evaluation.outcome) ? evaluation.outcome : null;
      events.push({
        id: `evaluation:${applicationId}`,
        kind: 'evaluation.handed_over',
        at: iso(evaluation.handedOverAt!),
        role: 'admin',
        name: evaluation.handedOverByName || null,
        title: evaluationMessages.timelineHandedOver,
        details: [
          ...(outcome ? [evaluationMessages.timelineOutcome(applicationStatusLabels[outcome])] : []),
          ...(evaluation.weightedScore !== null ? [evaluationMessages.timelineScore(italianScore(evaluation.weightedScore))] : []),
          ...(evaluation.outcomeNote ? [m.note(evaluation.outcomeNote)] : []),
        ],
      });
    }

    // The private notes.
    const notes = await db
      .select()
      .from(applicationNotes)
      .where(eq(applicationNotes.applicationId, applicationId))
      .orderBy(asc(applicationNotes.createdAt));
    for (const note of notes) {
      events.push({
        id: `note:${note.id}`,
        kind: 'note.written',
        at: iso(note.createdAt),
        role: 'admin',
        name: note.authorName || null,
        title: m.noteWritten,
        details: [note.text, ...(note.editedAt ? [m.noteEdited(italianDateTime(note.editedAt))] : [])],
      });
    }
  }

  return events
    .sort((a, b) =>
      a.at < b.at ? -1 : a.at > b.at ? 1 : RANK.get(a.kind)! - RANK.get(b.kind)! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map(({ role, name, ...event }) => ({ ...event, actor: actorOf(role, name, audience) }));
}

/** A weighted score the Italian way: «72,5». */
const italianScore = (score: number) => score.toLocaleString('it-IT', { maximumFractionDigits: 2 });

/** The name the audience reads: administrators are «Amministrazione» to applicants; the portal is «Portale». */
function actorOf(role: Role, name: string | null, audience: TimelineAudience): string | null {
  if (role === 'system') return m.portal;
  if (role === 'admin' && audience === 'applicant') return m.administration;
  return name;
}
