import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FUND_REGISTRY } from '../../domain/funds.ts';
import { fundSchema } from '../../domain/applicationStatusSchemas.ts';
import { callListSchema, callThresholdsSchema, handOverRuleSchema, type Call } from '../../domain/call.ts';
import type { RouteAccess } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { calls } from '../db/schema/calls.ts';
import { errorResponses } from './errorResponses.ts';

const signedIn: RouteAccess = 'user';

/** /api/Call/…: the calls as configured in the database (seeded on first start by server/reference/calls.ts). */
export const callRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The funds page's cards: TUR first, then PUI. Any signed-in person. */
  app.get(
    '/api/Call/GetCallList',
    { config: { access: signedIn }, schema: { response: { 200: callListSchema, ...errorResponses(signedIn) } } },
    async (): Promise<Call[]> => {
      const rows = await db.select().from(calls);
      const now = Date.now();
      // The portal's funds (domain/funds.ts); a call row of any other fund is not shown on /calls.
      return rows
        .flatMap((row) => {
          const fund = fundSchema.safeParse(row.fund);
          return fund.success ? [{ ...row, fund: fund.data }] : [];
        })
        .map((row) => ({
          fund: row.fund,
          compilazioneType: FUND_REGISTRY[row.fund].compilazioneType as 0 | 1,
          title: row.title,
          opensAt: row.opensAt.toISOString(),
          closesAt: row.closesAt.toISOString(),
          isOpen: row.opensAt.getTime() <= now && now < row.closesAt.getTime(),
          endOfWorksLimit: row.endOfWorksLimit,
          thresholds: callThresholdsSchema.parse(row.thresholds),
          handOverBy: handOverRuleSchema.catch('referents').parse(row.handOverBy),
          signatureRequired: row.signatureRequired,
        }))
        .sort((a, b) => a.compilazioneType - b.compilazioneType);
    },
  );
};
