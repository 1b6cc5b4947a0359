import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { monitoringPeriods } from '../db/schema/monitoring.ts';
import { surveyDefinitions, surveySubmissions } from '../db/schema/surveys.ts';
import type { ArchivedMonitoringSurvey, ArchivedSurvey } from '../exports/applicationArchive.ts';
import { answersAsText } from './answersText.ts';
import { titleOf } from './definitions.ts';

/**
 * The review's answers of one organisation's application of `fund` (Istruttoria, Gresb), each as text against
 * the definition version it was answered against, for the administrator's archive. None before the review.
 */
export async function reviewAnswersForArchive(db: Db, organizationId: string, fund: string): Promise<ArchivedSurvey[]> {
  const rows = await db
    .select({ submission: surveySubmissions, definition: surveyDefinitions })
    .from(surveySubmissions)
    .innerJoin(applications, eq(applications.id, surveySubmissions.applicationId))
    .innerJoin(surveyDefinitions, eq(surveyDefinitions.id, surveySubmissions.definitionId))
    .where(
      and(
        eq(applications.organizationId, organizationId),
        eq(applications.fund, fund),
        eq(surveySubmissions.monitoraggio, false),
        isNull(surveySubmissions.monitoringPeriodId),
      ),
    )
    .orderBy(asc(surveySubmissions.surveyName));
  const surveys: ArchivedSurvey[] = [];
  for (const { submission, definition } of rows)
    surveys.push({ title: titleOf(definition), text: await answersAsText(definition, submission.answers, submission.submittedAt) });
  return surveys;
}

/**
 * Every monitoring period's answers of one organisation's application of `fund`, period by period in the order
 * they open, each survey as text against the definition version it was answered against, for the administrator's
 * archive. A period still open is there too, its text saying it is not handed over yet. None before monitoring.
 */
export async function monitoringAnswersForArchive(db: Db, organizationId: string, fund: string): Promise<ArchivedMonitoringSurvey[]> {
  const rows = await db
    .select({ submission: surveySubmissions, definition: surveyDefinitions, period: monitoringPeriods.title })
    .from(surveySubmissions)
    .innerJoin(applications, eq(applications.id, surveySubmissions.applicationId))
    .innerJoin(surveyDefinitions, eq(surveyDefinitions.id, surveySubmissions.definitionId))
    .innerJoin(monitoringPeriods, eq(monitoringPeriods.id, surveySubmissions.monitoringPeriodId))
    .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund), eq(surveySubmissions.monitoraggio, true)))
    .orderBy(asc(monitoringPeriods.opensOn), asc(monitoringPeriods.code), asc(surveySubmissions.surveyName));
  const surveys: ArchivedMonitoringSurvey[] = [];
  for (const { submission, definition, period } of rows)
    surveys.push({
      period,
      title: titleOf(definition),
      text: await answersAsText(definition, submission.answers, submission.submittedAt),
    });
  return surveys;
}
