/**
 * The fund card's one text about the timeline (issue 44), apart from domain/messages/timeline.ts so /calls carries
 * only this label in its first load; the timeline's own texts load with it when it is opened.
 */
export const timelineCardMessages = {
  show: 'Cronologia della candidatura',
} as const;
