import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attachments, attachmentTypes, type AttachmentRow, type AttachmentTypeRow } from '../db/schema/attachments.ts';
import { applications } from '../db/schema/applications.ts';
import { calls } from '../db/schema/calls.ts';
import { refuseOutsideCallWindow } from '../applications/callWindow.ts';
import { integrationRounds } from '../db/schema/integrations.ts';
import { organizations } from '../db/schema/organizations.ts';
import type { AttachmentPurpose } from '../../domain/attachments.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import { isAttachmentPurposeOpen } from '../../machines/application-lifecycle/transitions.ts';
import { HttpError } from '../errors.ts';
import { isOpenSlotItem, recordSlotChange } from '../integrations/items.ts';
import { openRoundOf } from '../integrations/rounds.ts';
import { attachmentValidationOf } from './slots.ts';

export type NewAttachment = Omit<typeof attachments.$inferInsert, 'id' | 'createdAt'>;

const m = attachmentsMessages;

/**
 * 409 unless the application's status lets its organisation write attachments of `purpose` (the lifecycle
 * decides: application files until submitted, integration documents while In integrazione, …).
 */
async function refuseUnlessOpen(
  tx: Db,
  organizationId: string,
  fund: string,
  purpose: AttachmentPurpose,
  lock: boolean,
  /** An upload's type: an application slot an open integration round asks to correct takes a new file (issue 44). */
  typeId?: number,
): Promise<void> {
  const query = tx
    .select({ status: applications.status, submittedAt: applications.submittedAt })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
  // FOR SHARE: a status change waits for this change to commit, or this change sees the new status.
  const [row] = lock ? await query.for('share') : await query;
  if (isAttachmentPurposeOpen(row?.status, purpose)) {
    // A draft's files change only while its call is open, as the draft itself (issue 44).
    if (purpose === 'application') {
      const [call] = await tx.select({ opensAt: calls.opensAt, closesAt: calls.closesAt }).from(calls).where(eq(calls.fund, fund));
      if (call) refuseOutsideCallWindow(call, (row?.submittedAt ?? null) !== null, new Date(), 'attachment');
    }
    return;
  }
  if (purpose === 'application' && typeId !== undefined && isAttachmentPurposeOpen(row?.status, 'integration')) {
    if (await isOpenSlotItem(tx, organizationId, fund, typeId)) return;
  }
  if (purpose === 'application') throw new HttpError(409, 'application_submitted', m.submitted);
  throw new HttpError(409, 'attachments_closed', m.closedForPurpose);
}

async function openRoundOfOrganization(tx: Db, organizationId: string, fund: string) {
  const [application] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
  return application ? openRoundOf(tx, application.id) : undefined;
}

/** Attachment types and uploaded files. Every change checks, in its transaction, that the status still allows it. */
export function createAttachmentRepository(db: Db) {
  return {
    /** The types of `fund` for one purpose (the application's slots by default), in their order. */
    async typesOf(fund: string, purpose: AttachmentPurpose = 'application'): Promise<AttachmentTypeRow[]> {
      return db
        .select()
        .from(attachmentTypes)
        .where(and(eq(attachmentTypes.fund, fund), eq(attachmentTypes.purpose, purpose)))
        .orderBy(asc(attachmentTypes.sortOrder), asc(attachmentTypes.id));
    },

    async typeById(id: number): Promise<AttachmentTypeRow | undefined> {
      const [row] = await db.select().from(attachmentTypes).where(eq(attachmentTypes.id, id));
      return row;
    },

    /** The organisation's files for `fund` (of one purpose, or all), in upload order. */
    async filesOf(organizationId: string, fund: string, purpose?: AttachmentPurpose): Promise<AttachmentRow[]> {
      const rows = await db
        .select({ file: attachments })
        .from(attachments)
        .innerJoin(attachmentTypes, eq(attachmentTypes.id, attachments.attachmentTypeId))
        .where(
          and(
            eq(attachments.organizationId, organizationId),
            eq(attachments.fund, fund),
            purpose === undefined ? undefined : eq(attachmentTypes.purpose, purpose),
          ),
        )
        .orderBy(asc(attachments.createdAt), asc(attachments.id));
      return rows.map((row) => row.file);
    },

    async byId(id: string): Promise<AttachmentRow | undefined> {
      const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
      return row;
    },

    /** The integration round whose documents are shown: the one open, otherwise the latest; undefined when none. */
    async currentIntegrationRound(organizationId: string, fund: string): Promise<string | undefined> {
      const [round] = await db
        .select({ id: integrationRounds.id })
        .from(integrationRounds)
        .innerJoin(applications, eq(applications.id, integrationRounds.applicationId))
        .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)))
        .orderBy(desc(integrationRounds.number))
        .limit(1);
      return round?.id;
    },

    /** The number of each integration round of the organisation's application (for the zip's folders). */
    async integrationRoundNumbers(organizationId: string, fund: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: integrationRounds.id, number: integrationRounds.number })
        .from(integrationRounds)
        .innerJoin(applications, eq(applications.id, integrationRounds.applicationId))
        .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
      return new Map(rows.map((row) => [row.id, row.number]));
    },

    /** Names of the mandatory types of `purpose` without a file of the organisation (the submit checks). */
    async missingMandatory(organizationId: string, fund: string, purpose: AttachmentPurpose = 'application'): Promise<string[]> {
      const [types, files] = await Promise.all([this.typesOf(fund, purpose), this.filesOf(organizationId, fund, purpose)]);
      return attachmentValidationOf(types, files).missing.map((type) => type.attachedTypeName);
    },

    /** The early, unlocked check, so a file is not even stored when the status does not allow it. */
    assertEditable(organizationId: string, fund: string, purpose: AttachmentPurpose, typeId?: number): Promise<void> {
      return refuseUnlessOpen(db, organizationId, fund, purpose, false, typeId);
    },

    /**
     * Records a stored file. A single-file type keeps only the new file: the rows it replaces are deleted
     * in the same transaction and their storage keys returned, for the caller to delete once committed.
     */
    async add(file: NewAttachment, type: AttachmentTypeRow): Promise<{ row: AttachmentRow; replacedKeys: string[] }> {
      return db.transaction(async (tx) => {
        // One change at a time per organisation, so two uploads into one slot cannot both stay.
        await tx.execute(sql`select 1 from ${organizations} where ${organizations.id} = ${file.organizationId} for update`);
        await refuseUnlessOpen(tx, file.organizationId, file.fund, type.purpose, true, type.id);
        let replacedKeys: string[] = [];
        if (!type.multiple) {
          const replaced = await tx
            .delete(attachments)
            .where(and(eq(attachments.organizationId, file.organizationId), eq(attachments.attachmentTypeId, type.id)))
            .returning({ key: attachments.storageKey });
          replacedKeys = replaced.map((r) => r.key);
        }
        // An integration document belongs to the round it answers (the open one: the status was checked above).
        const round = type.purpose === 'integration' ? await openRoundOfOrganization(tx, file.organizationId, file.fund) : undefined;
        const [row] = await tx
          .insert(attachments)
          .values({ ...file, integrationRoundId: round?.id ?? null })
          .returning();
        // A slot an open round asks to correct: its item is answered by the new file.
        if (type.purpose === 'application') await recordSlotChange(tx, file.organizationId, file.fund, type.id, file.uploadedBy ?? null);
        return { row: row!, replacedKeys };
      });
    },

    /** Deletes the row (404 if it is already gone) and returns its storage key. */
    async remove(file: AttachmentRow, purpose: AttachmentPurpose): Promise<string> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${organizations} where ${organizations.id} = ${file.organizationId} for update`);
        await refuseUnlessOpen(tx, file.organizationId, file.fund, purpose, true);
        const deleted = await tx.delete(attachments).where(eq(attachments.id, file.id)).returning({ key: attachments.storageKey });
        if (deleted.length === 0) throw new HttpError(404, 'attachment_not_found', m.notFound);
        return deleted[0]!.key;
      });
    },
  };
}

export type AttachmentRepository = ReturnType<typeof createAttachmentRepository>;
