import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attachments, attachmentTypes } from '../db/schema/attachments.ts';
import { applications } from '../db/schema/applications.ts';
import { organizations } from '../db/schema/organizations.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import { messages } from '../../domain/messages.ts';
import { isSubmittedStatus } from '../../machines/application-lifecycle/transitions.ts';
import { HttpError } from '../errors.ts';
import { attachmentValidationOf } from './slots.ts';

export type AttachmentTypeRow = typeof attachmentTypes.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = Omit<typeof attachments.$inferInsert, 'id' | 'createdAt'>;

const m = messages.attachments;

/** 409 once the organisation's application to `fund` is submitted (spec §4): its files no longer change. */
async function refuseIfSubmitted(tx: Db, organizationId: string, fund: Fund, lock: boolean): Promise<void> {
  const query = tx
    .select({ status: applications.status })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
  // FOR SHARE: a submission waits for this change to commit, or this change sees the submission.
  const [row] = lock ? await query.for('share') : await query;
  if (row && isSubmittedStatus(row.status)) throw new HttpError(409, 'application_submitted', m.submitted);
}

/** Attachment types and uploaded files. Every change checks, in its transaction, that the application is not submitted. */
export function createAttachmentRepository(db: Db) {
  return {
    async typesOf(fund: Fund): Promise<AttachmentTypeRow[]> {
      return db.select().from(attachmentTypes).where(eq(attachmentTypes.fund, fund)).orderBy(asc(attachmentTypes.sortOrder), asc(attachmentTypes.id));
    },

    async typeById(id: number): Promise<AttachmentTypeRow | undefined> {
      const [row] = await db.select().from(attachmentTypes).where(eq(attachmentTypes.id, id));
      return row;
    },

    /** The organisation's files for `fund`, in upload order. */
    async filesOf(organizationId: string, fund: Fund): Promise<AttachmentRow[]> {
      return db
        .select()
        .from(attachments)
        .where(and(eq(attachments.organizationId, organizationId), eq(attachments.fund, fund)))
        .orderBy(asc(attachments.createdAt), asc(attachments.id));
    },

    async byId(id: string): Promise<AttachmentRow | undefined> {
      const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
      return row;
    },

    /** Names of the mandatory types of `fund` without a file of the organisation (CreatePui's check). */
    async missingMandatory(organizationId: string, fund: Fund): Promise<string[]> {
      const [types, files] = await Promise.all([this.typesOf(fund), this.filesOf(organizationId, fund)]);
      return attachmentValidationOf(types, files).missing.map((type) => type.attachedTypeName);
    },

    /** The early, unlocked check, so a file is not even stored for a submitted application. */
    assertEditable(organizationId: string, fund: Fund): Promise<void> {
      return refuseIfSubmitted(db, organizationId, fund, false);
    },

    /**
     * Records a stored file. A single-file type keeps only the new file: the rows it replaces are deleted
     * in the same transaction and their storage keys returned, for the caller to delete once committed.
     */
    async add(file: NewAttachment, type: AttachmentTypeRow): Promise<{ row: AttachmentRow; replacedKeys: string[] }> {
      return db.transaction(async (tx) => {
        // One change at a time per organisation, so two uploads into one slot cannot both stay.
        await tx.execute(sql`select 1 from ${organizations} where ${organizations.id} = ${file.organizationId} for update`);
        await refuseIfSubmitted(tx, file.organizationId, file.fund, true);
        let replacedKeys: string[] = [];
        if (!type.multiple) {
          const replaced = await tx
            .delete(attachments)
            .where(and(eq(attachments.organizationId, file.organizationId), eq(attachments.attachmentTypeId, type.id)))
            .returning({ key: attachments.storageKey });
          replacedKeys = replaced.map((r) => r.key);
        }
        const [row] = await tx.insert(attachments).values(file).returning();
        return { row: row!, replacedKeys };
      });
    },

    /** Deletes the row (404 if it is already gone) and returns its storage key. */
    async remove(file: AttachmentRow): Promise<string> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${organizations} where ${organizations.id} = ${file.organizationId} for update`);
        await refuseIfSubmitted(tx, file.organizationId, file.fund, true);
        const deleted = await tx.delete(attachments).where(eq(attachments.id, file.id)).returning({ key: attachments.storageKey });
        if (deleted.length === 0) throw new HttpError(404, 'attachment_not_found', m.notFound);
        return deleted[0]!.key;
      });
    },
  };
}

export type AttachmentRepository = ReturnType<typeof createAttachmentRepository>;
