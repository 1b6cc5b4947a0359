import type { FastifyPluginAsync } from 'fastify';
import { attachmentsStepOf, type FundDefinition } from '../../domain/fundDefinition.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import type { FieldIssue } from '../../domain/wizard.ts';
import { parseSubmissionBody } from './submissionShape.ts';
import type { FundSubmission } from './submitApplication.ts';

type Values = Record<string, unknown>;

/**
 * What the server needs of one fund's application beyond its domain definition: which keys of a submitted
 * body it sets itself, how values are completed before storing (derived answers, cleared hidden ones) and
 * which references they name must exist. One module per fund (server/funds/<fund>.ts).
 */
export interface FundApplicationModule<V extends Values = Values> {
  definition: FundDefinition<V>;
  /** Sent by clients (spec §7: status, allegatoId, warnings, computed values) but set by the server. */
  serverOwnedFields: readonly string[];
  /** The values as stored: answers other answers hide cleared, derived values filled, computed recomputed. */
  prepare(values: V): V;
  /** The references the values name that do not exist or do not fit together (a comune outside its province). */
  referenceIssues(values: V): FieldIssue[];
}

/** One fund as the server registers it: its names (domain/funds.ts), once built its application, and its own routes. */
export interface ServerFund {
  entry: FundEntry;
  application?: FundApplicationModule<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each fund has its own values
  /** Routes only this fund has, beside its controller (the PUI's reference lists, /api/Pui/…). */
  routes?: FastifyPluginAsync;
}

/** The submission service's view of a fund module: shape, completion, rules and warnings. */
export function fundSubmissionOf<V extends Values>(fund: string, module: FundApplicationModule<V>): FundSubmission<V> {
  const { definition } = module;
  return {
    fund,
    parse: (body) => parseSubmissionBody(definition, module.serverOwnedFields, body),
    prepare: (values) => definition.withComputedValues(module.prepare(values)),
    validate: (values, call) => [
      ...definition.validate(values, { endOfWorksLimit: call.endOfWorksLimit, today: italianCalendarDay(new Date()) }),
      ...module.referenceIssues(values),
    ],
    warnings: (values, thresholds) => definition.warnings(values, thresholds),
    attachmentsStep: attachmentsStepOf(definition.steps) ?? '',
  };
}
