import { boolean, date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CallThresholds, HandOverRule } from '../../../domain/call.ts';
import { createdAt, updatedAt } from './columns.ts';

/** The calls, one per fund (spec §1): the operators' calls file (server/reference/calls/, CALLS_FILE), stored by fund at every start. */
export const calls = pgTable('calls', {
  /** The fund's stable code (domain/funds.ts): every application and attachment type points here. */
  fund: text('fund').primaryKey(),
  title: text('title').notNull(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  /** Last allowed end of works (spec §5, Blocking date), as a calendar date. */
  endOfWorksLimit: date('end_of_works_limit', { mode: 'string' }).notNull(),
  /** Warning thresholds (spec §5, §9), validated by domain/call.ts. */
  thresholds: jsonb('thresholds').$type<CallThresholds>().notNull(),
  /** Who hands over for an organisation (domain/call.ts HAND_OVER_RULES): its referents, or its legal representative. */
  handOverBy: text('hand_over_by').$type<HandOverRule>().notNull().default('referents'),
  /** Whether the hand-over needs the Domanda signed by the legal representative (calls.json `signatureRequired`). */
  signatureRequired: boolean('signature_required').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
