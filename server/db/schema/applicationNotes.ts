import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * The administrators' private notes on an application (issue 44): plain text, its author and when. The author may
 * rewrite a note for NOTE_EDIT_WINDOW_MINUTES after writing it (domain/applicationNotes.ts), then it is kept as
 * written. Never shown to applicants: only admin routes read this table (server/timeline/).
 */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as it was when they wrote (the account may be renamed or removed later). */
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /** The last rewrite, within the author's window; null when never rewritten. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [index('application_notes_application_idx').on(t.applicationId, t.createdAt)],
);
