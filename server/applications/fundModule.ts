import type { FastifyPluginAsync } from 'fastify';
import { attachmentsStepOf, type FundDefinition } from '../../domain/fundDefinition.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import type { FieldIssue } from '../../domain/wizard.ts';
import { parseSubmissionBody } from './submissionShape.ts';
import type { FundSubmission } from './submitApplication.ts';

type Values = Record<string, unknown>;

/**
 * What the server needs of one fund's application beyond its domain definition: how values are completed before
 * storing (derived answers, cleared hidden ones) and which references they name must exist. One module per fund
 * (server/funds/<fund>.ts).
 */
export interface FundApplicationModule<V extends Values = Values> {
  definition: FundDefinition<V>;
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

/**
 * Keys clients send (spec §7: the status, allegatoId, the warnings and the computed values) that the server sets
 * itself: the status is the lifecycle's, the attachments the attachments module's, the warnings and every computed
 * or derived field of the definition are computed here. Dropped before the shape check.
 */
export function serverOwnedFieldsOf(entry: Pick<FundEntry, 'warningsKey'>, definition: Pick<FundDefinition<Values>, 'fields'>): string[] {
  const computed = definition.fields.filter((field) => field.kind === 'computed' || field.derived === true).map((field) => field.name);
  return ['status', 'allegatoId', entry.warningsKey, ...computed];
}

/** The submission service's view of a fund module: shape, completion, rules and warnings. */
export function fundSubmissionOf<V extends Values>(entry: FundEntry, module: FundApplicationModule<V>): FundSubmission<V> {
  const { definition } = module;
  const serverOwnedFields = serverOwnedFieldsOf(entry, definition);
  return {
    fund: entry.fund,
    parse: (body) => parseSubmissionBody(definition, serverOwnedFields, body),
    prepare: (values) => definition.withComputedValues(module.prepare(values)),
    validate: (values, call) => [
      ...definition.validate(values, { endOfWorksLimit: call.endOfWorksLimit, today: italianCalendarDay(new Date()) }),
      ...module.referenceIssues(values),
    ],
    warnings: (values, thresholds) => definition.warnings(values, thresholds),
    attachmentsStep: attachmentsStepOf(definition.steps) ?? '',
  };
}
