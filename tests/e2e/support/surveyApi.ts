import type { BrowserContext } from 'playwright-core';

/**
 * The answers the server holds for one survey of an application (null before the first save), read back through
 * the API with the person's own session: the token cookie the browser holds, as a bearer token.
 */
export async function storedSurveyAnswers(
  context: BrowserContext,
  url: string,
  survey: { name: string; candidaturaId: string; monitoraggio?: boolean },
): Promise<Record<string, unknown> | null> {
  const token = decodeURIComponent((await context.cookies(url)).find((cookie) => cookie.name === 'token')!.value);
  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as unknown;
  };
  const types = (await get('/api/SJSurvey/GetSurveyTypeList')) as { id: number; name: string }[];
  const surveyId = types.find((type) => type.name === survey.name)!.id;
  const query = new URLSearchParams({
    surveyId: String(surveyId),
    candidaturaId: survey.candidaturaId,
    monitoraggio: String(survey.monitoraggio ?? false),
  });
  const submission = (await get(`/api/SJSurvey/GetSurveySubmssionbySurveyId?${query}`)) as { json: Record<string, unknown> } | null;
  return submission?.json ?? null;
}
