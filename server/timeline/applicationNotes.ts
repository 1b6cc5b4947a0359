import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { NOTE_EDIT_WINDOW_MINUTES, NOTE_MAX_LENGTH, type ApplicationNote } from '../../domain/applicationNotes.ts';
import { timelineMessages as m } from '../../domain/messages/timeline.ts';
import { plainTextProblem } from '../../domain/plainText.ts';
import type { UserRow } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { applicationNotes } from '../db/schema/applicationNotes.ts';
import { HttpError } from '../errors.ts';
import { personName } from './personName.ts';

type NoteRow = typeof applicationNotes.$inferSelect;

/** A note's text as it is kept: line breaks made \n, trimmed, within the limit, plain text (domain/plainText.ts). */
export function parseNoteText(text: string): string {
  const normalised = text.replace(/\r\n?/g, '\n').trim();
  if (normalised === '') throw new HttpError(400, 'note_empty', m.noteEmpty);
  if (normalised.length > NOTE_MAX_LENGTH) throw new HttpError(400, 'note_too_long', m.noteTooLong(NOTE_MAX_LENGTH));
  const problem = plainTextProblem(normalised, 'lines');
  if (problem) throw new HttpError(400, 'note_invalid', problem);
  return normalised;
}

const WINDOW = sql.raw(`interval '${NOTE_EDIT_WINDOW_MINUTES} minutes'`);

/**
 * The administrators' private notes on an application (issue 44). The 15 minutes are the database's clock, in
 * the UPDATE's own condition, so two processes (or a slow request) cannot disagree on them.
 */
export function createApplicationNotes(db: Db) {
  /** `open`: the database said the window is still open. */
  function view(row: NoteRow, caller: UserRow, open: boolean): ApplicationNote {
    const until = new Date(row.createdAt.getTime() + NOTE_EDIT_WINDOW_MINUTES * 60_000);
    return {
      id: row.id,
      text: row.text,
      authorName: row.authorName,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      editableUntil: row.authorId === caller.id && open ? until.toISOString() : null,
    };
  }

  return {
    /** The application's notes, oldest first, each saying whether the caller may still rewrite it. */
    async list(applicationId: string, caller: UserRow): Promise<ApplicationNote[]> {
      const rows = await db
        .select({ ...getTableColumns(applicationNotes), open: sql<boolean>`${applicationNotes.createdAt} > now() - ${WINDOW}` })
        .from(applicationNotes)
        .where(eq(applicationNotes.applicationId, applicationId))
        .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
      return rows.map(({ open, ...row }) => view(row, caller, open));
    },

    async create(applicationId: string, text: string, author: UserRow): Promise<ApplicationNote> {
      const [row] = await db
        .insert(applicationNotes)
        .values({ applicationId, text: parseNoteText(text), authorId: author.id, authorName: personName(author) ?? '' })
        .returning();
      return view(row!, author, true);
    },

    /** Rewrites the caller's own note within its window: 404 unknown, 403 another's, 409 once the window closed. */
    async update(id: string, text: string, author: UserRow): Promise<ApplicationNote> {
      const parsed = parseNoteText(text);
      const [row] = await db
        .update(applicationNotes)
        .set({ text: parsed, editedAt: sql`now()` })
        .where(
          and(
            eq(applicationNotes.id, id),
            eq(applicationNotes.authorId, author.id),
            sql`${applicationNotes.createdAt} > now() - ${WINDOW}`,
          ),
        )
        .returning();
      if (row) return view(row, author, true);
      const [existing] = await db.select().from(applicationNotes).where(eq(applicationNotes.id, id));
      if (!existing) throw new HttpError(404, 'note_not_found', m.noteNotFound);
      if (existing.authorId !== author.id) throw new HttpError(403, 'note_not_yours', m.noteNotYours);
      throw new HttpError(409, 'note_locked', m.noteWindowClosed);
    },
  };
}

export type ApplicationNotes = ReturnType<typeof createApplicationNotes>;
