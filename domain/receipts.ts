import { z } from 'zod';
import { idSchema } from './idSchema.ts';
import type { ApplicationStatusCode } from './applicationStatus.ts';

/**
 * Every hand-over has a receipt: what an applicant hands over — the application, an integration's
 * documents, the review's answers, a monitoring period's answers — gets a protocol number of its call and year
 * and a PDF receipt made from what was stored at that moment. The kinds are the attachment purposes.
 */
export const RECEIPT_KINDS = ['application', 'integration', 'review', 'monitoring'] as const;
export const receiptKindSchema = z.enum(RECEIPT_KINDS);
export type ReceiptKind = z.infer<typeof receiptKindSchema>;

/** The status each hand-over arrives at: reaching it issues the receipt of that kind. */
export const RECEIPT_KIND_OF_STATUS: Partial<Record<ApplicationStatusCode, ReceiptKind>> = {
  CANDIDATURA_SOTTOMESSA: 'application',
  INTEGRAZIONE_SOTTOMESSA: 'integration',
  ISTRUTTORIA_SOTTOMESSA: 'review',
  MONITORAGGIO_SOTTOMESSO: 'monitoring',
};

/** A protocol number: the fund, the year (Europe/Rome) and the six-digit number of that fund and year. */
export function protocolNumber(fund: string, year: number, number: number): string {
  return `${fund}-${year}-${String(number).padStart(6, '0')}`;
}

/** One receipt as the card and the admin's views list it (the PDF is GET /api/Receipt/DownloadReceipt). */
export const receiptSummarySchema = z.object({
  id: z.string(),
  protocol: z.string(),
  kind: receiptKindSchema,
  /** "Candidatura", "Integrazione n. 2", "Istruttoria", "Monitoraggio I semestre 2027". */
  title: z.string(),
  handedOverAt: z.string(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const receiptListSchema = z.array(receiptSummarySchema);
export const receiptIdQuerySchema = z.object({ receiptId: idSchema });
export const receiptsOfApplicationQuerySchema = z.object({ applicationId: idSchema });
