import { queryOptions } from '@tanstack/react-query';
import type { ApplicationNote } from '../../domain/applicationNotes.ts';
import type { TimelineEvent } from '../../domain/applicationTimeline.ts';
import type { ApiClient } from './client.ts';

/** GET /api/Timeline/GetAdminTimeline: every event of the application, for administrators (issue 44). */
export async function getAdminTimeline(api: ApiClient, compilazioneId: string, signal?: AbortSignal): Promise<TimelineEvent[]> {
  return await api<TimelineEvent[]>('/api/Timeline/GetAdminTimeline', { query: { compilazioneId }, signal });
}

/** GET /api/Timeline/GetTimeline: the application's events as its organisation reads them. */
export async function getTimeline(api: ApiClient, compilazioneId: string, signal?: AbortSignal): Promise<TimelineEvent[]> {
  return await api<TimelineEvent[]>('/api/Timeline/GetTimeline', { query: { compilazioneId }, signal });
}

/** GET /api/Note/GetNotes: the application's private notes (administrators). */
export async function getNotes(api: ApiClient, compilazioneId: string, signal?: AbortSignal): Promise<ApplicationNote[]> {
  return await api<ApplicationNote[]>('/api/Note/GetNotes', { query: { compilazioneId }, signal });
}

/** POST /api/Note/CreateNote, or /api/Note/UpdateNote when `id` names the caller's own note to rewrite. */
export async function saveNote(
  api: ApiClient,
  compilazioneId: string,
  note: { id: string | null; text: string },
): Promise<ApplicationNote> {
  return note.id === null
    ? await api<ApplicationNote>('/api/Note/CreateNote', { method: 'POST', body: { compilazioneId, text: note.text } })
    : await api<ApplicationNote>('/api/Note/UpdateNote', { method: 'POST', body: { id: note.id, text: note.text } });
}

/** Under ['application', …]: a status change, which invalidates the application's queries, refreshes the timeline too. */
export const timelineQueries = {
  admin: (api: ApiClient, compilazioneId: string) =>
    queryOptions({
      queryKey: ['application', 'timeline', 'admin', compilazioneId] as const,
      queryFn: ({ signal }) => getAdminTimeline(api, compilazioneId, signal),
    }),
  applicant: (api: ApiClient, compilazioneId: string) =>
    queryOptions({
      queryKey: ['application', 'timeline', 'applicant', compilazioneId] as const,
      queryFn: ({ signal }) => getTimeline(api, compilazioneId, signal),
    }),
  notes: (api: ApiClient, compilazioneId: string) =>
    queryOptions({
      queryKey: ['application', 'notes', compilazioneId] as const,
      queryFn: ({ signal }) => getNotes(api, compilazioneId, signal),
    }),
};
