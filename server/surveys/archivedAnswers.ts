import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { surveyDefinitions, surveySubmissions } from '../db/schema/surveys.ts';
import type { ArchivedSurvey } from '../exports/applicationArchive.ts';
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
