import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { domandaSignatures } from '../db/schema/signatures.ts';
import type { SignatureFacts } from '../../domain/domandaSignature.ts';

export type SignatureRow = typeof domandaSignatures.$inferSelect;

/** The application's signed Domanda, if it has one. */
export async function signatureRowOf(db: Db, applicationId: string): Promise<SignatureRow | undefined> {
  const [row] = await db.select().from(domandaSignatures).where(eq(domandaSignatures.applicationId, applicationId));
  return row;
}

/** What a stored signature is, as the receipt, the submit step and the administrators show it. */
export function signatureFactsOf(row: SignatureRow): SignatureFacts {
  return { format: row.format, trial: row.trial, signers: row.signers, fileName: row.fileName, size: row.size, sha256: row.sha256 };
}
