import { counted } from '../italianPlural.ts';

/** The fund card's countdown before its call closes (issue 44, domain/callWindow.ts closingNotice). */
export const callClosingMessages = {
  inDays: (days: number) => `Chiude tra ${counted(days, 'giorno', 'giorni')}`,
  today: (time: string) => `Chiude oggi alle ${time}`,
} as const;
