import { z } from 'zod';
import { idSchema } from './idSchema.ts';

/**
 * One application's story (issue 44): every event, oldest first, with who and when. The server builds it
 * (server/timeline/applicationTimeline.ts) and writes each event's Italian texts; the browser only lists them.
 * The applicant's view of the same application leaves out what is internal (notes, exports, the administrators'
 * names).
 */
export const TIMELINE_EVENT_KINDS = [
  'draft.started',
  'status.changed',
  'handover',
  'integration.requested',
  'integration.answered',
  'survey.handed_over',
  'evaluation.handed_over',
  'signature.verified',
  'mail.sent',
  'reminder.sent',
  'export.downloaded',
  'note.written',
] as const;
export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number];

/** The exports that are logged (server/db/schema/exportDownloads.ts). */
export const EXPORT_KINDS = ['applications_excel', 'application_excel', 'application_zip'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const timelineEventSchema = z.object({
  /** Stable across reads: the source and its row (`status:<uuid>`), for list keys and tests. */
  id: z.string(),
  kind: z.enum(TIMELINE_EVENT_KINDS),
  /** ISO 8601. */
  at: z.string(),
  /** Who acted: a person's name, «Amministrazione» in the applicant's view, null for the portal itself. */
  actor: z.string().nullable(),
  /** What happened, in Italian («Candidatura consegnata, protocollo TUR-2026-000001»). */
  title: z.string(),
  /** Further lines, in Italian (the note, the recipients, the files). */
  details: z.array(z.string()),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineSchema = z.array(timelineEventSchema);

export const timelineQuerySchema = z.object({ compilazioneId: idSchema });
