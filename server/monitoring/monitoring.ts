import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, notInArray } from 'drizzle-orm';
import { italianDate, italianCalendarDay } from '../../domain/italianDates.ts';
import { monitoringMessages } from '../../domain/messages/monitoring.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import type { MonitoringRow } from '../../domain/monitoring.ts';
import { effectiveDueDay, isOverdue } from '../../domain/monitoringDueDates.ts';
import { reviewSurveyNames } from '../../domain/surveys.ts';
import type { TransitionEffects, TransitionPreconditions } from '../applications/statusChanges.ts';
import type { Db } from '../db/client.ts';
import { monitoringPeriods, monitoringReminders, monitoringRounds } from '../db/schema/monitoring.ts';
import { surveySubmissions } from '../db/schema/surveys.ts';
import { HttpError } from '../errors.ts';
import type { Surveys } from '../surveys/surveys.ts';
import { currentRoundOf, roundsOf } from './rounds.ts';
import type { ApplicationRow } from '../db/schema/applications.ts';

const m = monitoringMessages;

export interface MonitoringDeps {
  db: Db;
  surveys: Surveys;
  /** The clock (tests move it). */
  now?: () => Date;
  /** After a period is opened and committed: send its "opened" reminder (the reminders job). */
  onPeriodOpened?: () => Promise<void>;
}

/**
 * Monitoring (spec §1, §4, §7): the admin's Monitoraggio Aperto opens the application for the earliest started
 * period not yet opened for it, with the answers of the previous period (or of the review) already filled in;
 * the applicant's Monitoraggio Sottomesso needs every required answer of that period and freezes them. Supplied
 * to the lifecycle service as those events' precondition and effects.
 */
export function createMonitoring(deps: MonitoringDeps) {
  const { db, surveys } = deps;
  const now = deps.now ?? (() => new Date());

  /** The period `admin.monitoring.open` opens now, or the Italian reason it cannot. */
  async function nextPeriod(tx: Db, application: ApplicationRow) {
    const opened = tx
      .select({ id: monitoringRounds.periodId })
      .from(monitoringRounds)
      .where(eq(monitoringRounds.applicationId, application.id));
    const notOpened = and(eq(monitoringPeriods.fund, application.fund), notInArray(monitoringPeriods.id, opened));
    const today = italianCalendarDay(now());
    const [started] = await tx
      .select()
      .from(monitoringPeriods)
      .where(and(notOpened, lte(monitoringPeriods.opensOn, today)))
      .orderBy(asc(monitoringPeriods.opensOn), asc(monitoringPeriods.code))
      .limit(1);
    if (started) return started;
    const [upcoming] = await tx
      .select()
      .from(monitoringPeriods)
      .where(notOpened)
      .orderBy(asc(monitoringPeriods.opensOn), asc(monitoringPeriods.code))
      .limit(1);
    throw new HttpError(
      409,
      'monitoring_period_unavailable',
      upcoming ? m.noPeriodStarted(upcoming.title, italianDate(`${upcoming.opensOn}T12:00:00Z`)) : m.noPeriodLeft,
    );
  }

  /** The new period starts from the previous period's answers, or from the review's for the first one. */
  async function prefill(tx: Db, application: ApplicationRow, periodId: string, previousPeriodId: string | null, userId: string | null) {
    const entry = surveys.fundOf(application);
    for (const name of reviewSurveyNames(entry)) {
      const [source] = await tx
        .select()
        .from(surveySubmissions)
        .where(surveys.whereSubmission(application.id, name, previousPeriodId));
      const definition = await surveys.latestDefinition(tx, name);
      if (!source || !definition) continue;
      await tx.insert(surveySubmissions).values({
        applicationId: application.id,
        surveyName: name,
        definitionId: definition.id,
        monitoraggio: true,
        monitoringPeriodId: periodId,
        answers: source.answers,
        version: 1,
        updatedBy: userId,
      });
    }
  }

  const effects: TransitionEffects = {
    'admin.monitoring.open': async ({ tx, application, actor }) => {
      const previous = await currentRoundOf(tx, application.id);
      const period = await nextPeriod(tx, application);
      await tx.insert(monitoringRounds).values({
        applicationId: application.id,
        periodId: period.id,
        openedAt: application.statusChangedAt,
        openedBy: actor.userId,
      });
      await prefill(tx, application, period.id, previous?.periodId ?? null, actor.userId);
      const opened = deps.onPeriodOpened;
      return opened ? () => opened() : undefined;
    },
    // From now on the period's answers are what was handed over: no save changes them (409).
    'applicant.monitoring.submit': async ({ tx, application, actor }) => {
      const round = await currentRoundOf(tx, application.id);
      if (!round) throw new HttpError(409, 'precondition_failed', m.notOpenRound);
      const at = application.statusChangedAt;
      await tx.update(monitoringRounds).set({ submittedAt: at, submittedBy: actor.userId }).where(eq(monitoringRounds.id, round.id));
      await tx
        .update(surveySubmissions)
        .set({ submittedAt: at })
        .where(
          and(
            eq(surveySubmissions.applicationId, application.id),
            eq(surveySubmissions.monitoringPeriodId, round.periodId),
            isNull(surveySubmissions.submittedAt),
          ),
        );
    },
  };

  const preconditions: TransitionPreconditions = {
    'applicant.monitoring.submit': async (tx, application) => {
      const round = await currentRoundOf(tx, application.id);
      if (!round || round.submittedAt) return m.notOpenRound;
      return surveys.handOverCheck(tx, application, round.periodId);
    },
  };

  return {
    effects,
    preconditions,

    /**
     * The period whose answers a read means: `requested` if it was opened for the application, else (undefined)
     * the current one; null when monitoring never started. An unknown period is 404.
     */
    async periodFor(application: ApplicationRow, requested: string | undefined): Promise<string | null> {
      if (requested === undefined) return (await currentRoundOf(db, application.id))?.periodId ?? null;
      const [round] = await db
        .select({ periodId: monitoringRounds.periodId })
        .from(monitoringRounds)
        .where(and(eq(monitoringRounds.applicationId, application.id), eq(monitoringRounds.periodId, requested)));
      if (!round) throw new HttpError(404, 'monitoring_period_not_found', surveyMessages.submissionNotFound);
      return round.periodId;
    },

    /** ShowMonitoraggioTur / ShowMonitoraggioPui: every period opened for the application, oldest first. */
    async rows(application: ApplicationRow): Promise<MonitoringRow[]> {
      const rounds = await roundsOf(db, application.id);
      if (rounds.length === 0) return [];
      const reminders = await db
        .select()
        .from(monitoringReminders)
        .where(
          and(
            inArray(
              monitoringReminders.roundId,
              rounds.map(({ round }) => round.id),
            ),
            isNotNull(monitoringReminders.sentAt),
          ),
        )
        .orderBy(asc(monitoringReminders.sentAt));
      const at = now();
      const latest = rounds.at(-1)!.round.id;
      const editable = application.status === 'MONITORAGGIO_APERTO';
      return rounds.map(({ round, period }) => {
        const compilata = round.submittedAt !== null;
        const current = round.id === latest;
        const search = new URLSearchParams({ monitoraggio: 'true', periodo: period.id });
        if (compilata || !current || !editable) search.set('isReadOnly', 'true');
        return {
          id: period.id,
          title: period.title,
          fund: application.fund,
          candidaturaId: application.id,
          organizationId: application.organizationId,
          opensOn: period.opensOn,
          dueOn: period.dueOn,
          effectiveDueOn: effectiveDueDay(period.dueOn),
          openedAt: round.openedAt.toISOString(),
          compilata,
          submittedAt: round.submittedAt?.toISOString() ?? null,
          overdue: isOverdue({ dueOn: period.dueOn, submitted: compilata }, at),
          current,
          link: `/survey/${application.fund}_istruttoria/${application.organizationId}?${search}`,
          reminders: reminders.filter((r) => r.roundId === round.id).map((r) => ({ kind: r.kind, sentAt: r.sentAt!.toISOString() })),
        };
      });
    },

    /** The applications (ids) whose current period is past due and not handed over: the admin list marks them. */
    async overdueApplicationIds(): Promise<string[]> {
      const open = await db
        .select({ applicationId: monitoringRounds.applicationId, dueOn: monitoringPeriods.dueOn })
        .from(monitoringRounds)
        .innerJoin(monitoringPeriods, eq(monitoringPeriods.id, monitoringRounds.periodId))
        .where(isNull(monitoringRounds.submittedAt))
        .orderBy(desc(monitoringRounds.openedAt));
      const at = now();
      return [...new Set(open.filter((r) => isOverdue({ dueOn: r.dueOn, submitted: false }, at)).map((r) => r.applicationId))];
    },
  };
}

export type Monitoring = ReturnType<typeof createMonitoring>;
