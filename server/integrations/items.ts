import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import {
  INTEGRATION_ITEM_TEXT_MAX_LENGTH,
  type IntegrationItem,
  type IntegrationItemKind,
  type SlotFileValue,
} from '../../domain/integration.ts';
import { itemValueText } from '../../domain/integrationItemText.ts';
import { sameItemValue, type IntegrationItemRequest } from '../../domain/integrationItems.ts';
import { integrationItemsMessages } from '../../domain/messages/integrationItems.ts';
import { plainTextProblem } from '../../domain/plainText.ts';
import { fieldProblem, readPath, writePath, type FieldSpec } from '../../domain/wizardFields.ts';
import type { ServerFund } from '../applications/fundModule.ts';
import type { Db } from '../db/client.ts';
import type { ReferenceNames } from '../exports/referenceNames.ts';
import { applications, type ApplicationRow } from '../db/schema/applications.ts';
import { attachments, attachmentTypes } from '../db/schema/attachments.ts';
import { integrationItems, integrationRounds, type IntegrationItemRow } from '../db/schema/integrations.ts';
import { HttpError } from '../errors.ts';
import { openRoundOf } from './rounds.ts';

const m = integrationItemsMessages;

type Values = Record<string, unknown>;

/** What an item's message or reply may be: the same rule as a status note (1000 characters, several lines). */
function itemText(text: string, tooLong: string, invalid: string): string {
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (clean.length > INTEGRATION_ITEM_TEXT_MAX_LENGTH) throw new HttpError(400, 'integration_item_text_too_long', tooLong);
  if (plainTextProblem(clean, 'lines')) throw new HttpError(400, 'integration_item_text_invalid', invalid);
  return clean;
}

/** The values the application holds now: the submitted body (what the reviewers read), else the draft. */
const valuesOf = (application: ApplicationRow): Values => application.body ?? application.draft ?? {};

/** The files of one slot of the organisation, as an item keeps them; null when the slot is empty. */
export async function slotValueOf(tx: Db, organizationId: string, typeId: number): Promise<SlotFileValue[] | null> {
  const rows = await tx
    .select({ downloadId: attachments.id, fileName: attachments.fileName, sha256: attachments.sha256 })
    .from(attachments)
    .where(and(eq(attachments.organizationId, organizationId), eq(attachments.attachmentTypeId, typeId)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  return rows.length === 0 ? null : rows;
}

/** The items of the application's open round (none without an open round, or for a free-text request). */
export async function openItemsOf(tx: Db, applicationId: string): Promise<IntegrationItemRow[]> {
  const round = await openRoundOf(tx, applicationId);
  if (!round) return [];
  return tx.select().from(integrationItems).where(eq(integrationItems.roundId, round.id)).orderBy(asc(integrationItems.position));
}

/** Whether the open round of the organisation's application asks for a new file in slot `typeId`. */
export async function isOpenSlotItem(tx: Db, organizationId: string, fund: string, typeId: number): Promise<boolean> {
  const [application] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
  if (!application) return false;
  const items = await openItemsOf(tx, application.id);
  return items.some((item) => item.kind === 'slot' && item.target === String(typeId));
}

/** Sets an item's answer from its value now: changed when it differs from the value asked about, else its reply. */
async function recordValue(tx: Db, item: IntegrationItemRow, value: unknown, userId: string | null, at: Date): Promise<IntegrationItemRow> {
  const changed = !sameItemValue(item.oldValue, value);
  const answer = changed ? 'changed' : item.reply !== null ? 'replied' : null;
  const [updated] = await tx
    .update(integrationItems)
    .set({
      answerKind: answer,
      newValue: changed ? (value ?? null) : null,
      answeredAt: answer === null ? null : at,
      answeredBy: answer === null ? null : userId,
    })
    .where(eq(integrationItems.id, item.id))
    .returning();
  return updated!;
}

/** After a file went into slot `typeId` during a round with items: the slot's item is answered by the new file. */
export async function recordSlotChange(tx: Db, organizationId: string, fund: string, typeId: number, userId: string | null): Promise<void> {
  const [application] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
  if (!application) return;
  const item = (await openItemsOf(tx, application.id)).find(
    (candidate) => candidate.kind === 'slot' && candidate.target === String(typeId),
  );
  if (!item) return;
  await recordValue(tx, item, await slotValueOf(tx, organizationId, typeId), userId, new Date());
}

/** A stored item as people read it. */
export function itemView(row: IntegrationItemRow): IntegrationItem {
  return {
    position: row.position,
    kind: row.kind,
    target: row.target,
    label: row.label,
    step: row.step,
    message: row.message,
    oldValue: row.oldValue ?? null,
    answer: row.answerKind ?? null,
    reply: row.reply,
    newValue: row.newValue ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** The items of the round requested with a status change made at `at` (its e-mail's): the latest round asked by then. */
export async function itemsRequestedAt(db: Db, applicationId: string, at: Date): Promise<IntegrationItem[]> {
  const [round] = await db
    .select({ id: integrationRounds.id })
    .from(integrationRounds)
    .where(and(eq(integrationRounds.applicationId, applicationId), lte(integrationRounds.requestedAt, at)))
    .orderBy(desc(integrationRounds.number))
    .limit(1);
  return round ? ((await itemsOfRounds(db, [round.id])).get(round.id) ?? []) : [];
}

/** The items of each round, by round id, in their order. */
export async function itemsOfRounds(db: Db, roundIds: readonly string[]): Promise<Map<string, IntegrationItem[]>> {
  const byRound = new Map<string, IntegrationItem[]>();
  if (roundIds.length === 0) return byRound;
  const rows = await db
    .select()
    .from(integrationItems)
    .where(inArray(integrationItems.roundId, [...roundIds]))
    .orderBy(asc(integrationItems.position));
  for (const row of rows) byRound.set(row.roundId, [...(byRound.get(row.roundId) ?? []), itemView(row)]);
  return byRound;
}

/** A field people type (never a computed or derived one) of the fund's wizard, by its contract name, with its step's title. */
function askableFieldOf(funds: readonly ServerFund[], fund: string, name: string): { field: FieldSpec; step: string | null } | undefined {
  const definition = funds.find((candidate) => candidate.entry.fund === fund)?.application?.definition;
  const field = definition?.fields.find((candidate) => candidate.name === name && candidate.kind !== 'computed' && !candidate.derived);
  if (!definition || !field) return undefined;
  return { field, step: definition.steps.find((step) => step.id === field.step)?.title ?? null };
}

/** An item's value in words (the timeline's old and new values): a field's as the wizard shows it, a slot's by its files. */
export type ItemValueText = (fund: string, item: Pick<IntegrationItem, 'kind' | 'target'>, value: unknown) => string;

export function createItemValueText(funds: readonly ServerFund[], names: ReferenceNames): ItemValueText {
  return (fund, item, value) =>
    itemValueText(item, value, item.kind === 'field' ? askableFieldOf(funds, fund, item.target)?.field : undefined, names);
}

/**
 * Issue 44: the items of an integration request, pinned to the fields of the fund's wizard and to its application's
 * attachment slots. The reviewer's request stores them with the value each holds; the applicant answers each, by a
 * new value or a reply; the completion waits for all of them.
 */
export function createIntegrationItems(funds: readonly ServerFund[]) {
  const fundOf = (fund: string) => funds.find((candidate) => candidate.entry.fund === fund);
  const fieldOf = (fund: string, name: string) => askableFieldOf(funds, fund, name);

  async function slotOf(tx: Db, fund: string, target: string) {
    if (!/^\d{1,9}$/.test(target)) return undefined;
    const [type] = await tx
      .select()
      .from(attachmentTypes)
      .where(and(eq(attachmentTypes.id, Number(target)), eq(attachmentTypes.fund, fund), eq(attachmentTypes.purpose, 'application')));
    return type;
  }

  /** The items as asked, checked (each a known field or slot, once, with its message) and labelled. */
  async function resolve(tx: Db, application: ApplicationRow, requested: readonly IntegrationItemRequest[]) {
    const seen = new Set<string>();
    const resolved: {
      kind: IntegrationItemKind;
      target: string;
      label: string;
      step: string | null;
      message: string;
      oldValue: unknown;
    }[] = [];
    for (const item of requested) {
      let label: string;
      let step: string | null = null;
      let oldValue: unknown;
      if (item.kind === 'field') {
        const found = fieldOf(application.fund, item.target);
        if (!found) throw new HttpError(400, 'integration_item_unknown', m.itemUnknownField(item.target));
        label = found.field.label;
        step = found.step;
        oldValue = readPath(valuesOf(application), item.target) ?? null;
      } else {
        const type = await slotOf(tx, application.fund, item.target);
        if (!type) throw new HttpError(400, 'integration_item_unknown', m.itemUnknownSlot(item.target));
        label = type.name;
        oldValue = await slotValueOf(tx, application.organizationId, type.id);
      }
      const key = `${item.kind}:${item.target}`;
      if (seen.has(key)) throw new HttpError(400, 'integration_item_duplicate', m.itemDuplicate(label));
      seen.add(key);
      const message = itemText(item.message, m.itemMessageTooLong(label), m.itemMessageInvalid(label));
      if (message === '') throw new HttpError(400, 'integration_item_message_missing', m.itemMessageMissing(label));
      resolved.push({ kind: item.kind, target: item.target, label, step, message, oldValue });
    }
    return resolved;
  }

  return {
    /** Stores the items of the round just opened, with the value each holds now. */
    async create(tx: Db, roundId: string, application: ApplicationRow, requested: readonly IntegrationItemRequest[]): Promise<void> {
      const resolved = await resolve(tx, application, requested);
      if (resolved.length === 0) return;
      await tx.insert(integrationItems).values(resolved.map((item, index) => ({ ...item, roundId, position: index + 1 })));
    },

    /**
     * The applicant answers one item of the open round: a field item by its new value (checked with the field's own
     * rules, stored in the application with its computed values), or any item by a reply saying nothing needs
     * changing. Anything not among the round's items is refused (409): only what was asked may change.
     */
    async answer(
      db: Db,
      input: { applicationId: string; kind: IntegrationItemKind; target: string; value?: unknown; reply?: string; userId: string },
    ): Promise<IntegrationItem> {
      return db.transaction(async (tx) => {
        const [application] = await tx.select().from(applications).where(eq(applications.id, input.applicationId)).for('update');
        if (!application || application.status !== 'IN_INTEGRAZIONE') throw new HttpError(409, 'no_integration_items', m.noItemsOpen);
        const items = await openItemsOf(tx, application.id);
        if (items.length === 0) throw new HttpError(409, 'no_integration_items', m.noItemsOpen);
        const item = items.find((candidate) => candidate.kind === input.kind && candidate.target === input.target);
        if (!item) {
          const label =
            input.kind === 'field'
              ? (fieldOf(application.fund, input.target)?.field.label ?? input.target)
              : ((await slotOf(tx, application.fund, input.target))?.name ?? input.target);
          throw new HttpError(409, 'not_an_integration_item', m.notAnItem(label));
        }
        const at = new Date();
        if (input.reply !== undefined) {
          const reply = itemText(input.reply, m.replyTooLong, m.replyInvalid);
          if (reply === '') throw new HttpError(400, 'integration_reply_missing', m.replyMissing);
          const [updated] = await tx
            .update(integrationItems)
            .set({
              reply,
              // A change already made stays the answer; the reply says more about it.
              answerKind: item.answerKind === 'changed' ? 'changed' : 'replied',
              answeredAt: at,
              answeredBy: input.userId,
            })
            .where(eq(integrationItems.id, item.id))
            .returning();
          return itemView(updated!);
        }
        if (input.value === undefined) throw new HttpError(400, 'integration_answer_missing', m.answerMissing);
        if (item.kind === 'slot') throw new HttpError(409, 'integration_slot_by_upload', m.slotByUpload(item.label));

        const module = fundOf(application.fund)?.application;
        const found = fieldOf(application.fund, item.target);
        if (!module || !found) throw new HttpError(409, 'not_an_integration_item', m.notAnItem(item.label));
        const { definition } = module;
        const written = writePath(valuesOf(application), item.target, input.value);
        const values = definition.withComputedValues(module.prepare(definition.fromDraft(written, application.organizationId)));
        const stored = readPath(values, item.target) ?? null;
        // A value of the wrong kind is emptied by the fund's schema: refused rather than silently lost.
        if (!sameItemValue(stored, input.value ?? null)) throw new HttpError(400, 'integration_value_invalid', m.valueInvalid(item.label));
        const problem = fieldProblem(values, found.field);
        if (problem) throw new HttpError(400, 'integration_value_invalid', `${item.label}: ${problem}`);
        await tx
          .update(applications)
          .set({ ...(application.body ? { body: values } : {}), draft: values, updatedAt: at })
          .where(eq(applications.id, application.id));
        return itemView(await recordValue(tx, item, stored, input.userId, at));
      });
    },
  };
}

export type IntegrationItems = ReturnType<typeof createIntegrationItems>;

/** The labels of the open round's items still unanswered (none without items). */
export async function unansweredLabels(tx: Db, applicationId: string): Promise<{ hasItems: boolean; labels: string[] }> {
  const items = await openItemsOf(tx, applicationId);
  return { hasItems: items.length > 0, labels: items.filter((item) => item.answerKind === null).map((item) => item.label) };
}
