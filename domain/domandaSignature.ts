import { z } from 'zod';
import { idSchema } from './idSchema.ts';

/**
 * The Domanda the legal representative signs (issue 43). In an Italian call the application is a dichiarazione
 * sostitutiva (DPR 445/2000) of the organisation, binding only once its legal representative signs it digitally:
 * the portal renders the application as a PDF (the Domanda), the legal representative signs it (CAdES, a .p7m that
 * envelops the PDF, or PAdES, the PDF with a signature added) and the portal verifies the file before it accepts the
 * hand-over. What the verification found is kept and shown to the members, the administrators and on the receipt.
 */
export const SIGNATURE_FORMATS = ['CAdES', 'PAdES'] as const;
export const signatureFormatSchema = z.enum(SIGNATURE_FORMATS);
export type SignatureFormat = z.infer<typeof signatureFormatSchema>;

/** A signer as their certificate names them, and when they signed (the signing-time attribute, when present). */
export const signatureSignerSchema = z.object({
  name: z.string(),
  fiscalCode: z.string(),
  /** The certification authority that issued the certificate. */
  issuer: z.string(),
  /** ISO date-time, null when the signature carries no signing time. */
  signingTime: z.string().nullable(),
});
export type SignatureSigner = z.infer<typeof signatureSignerSchema>;

/** What a verified signature was: its format, signers, and whether it is the trial authority's (no legal value). */
export const signatureFactsSchema = z.object({
  format: signatureFormatSchema,
  /** Signed with the portal's trial authority ("firma di prova, senza valore legale"). */
  trial: z.boolean(),
  signers: z.array(signatureSignerSchema).min(1),
  /** The signed file as stored: its name as shown, size in bytes and SHA-256 (hex). */
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});
export type SignatureFacts = z.infer<typeof signatureFactsSchema>;

/** The signed Domanda of an application, as the submit step and the administrators read it. */
export const domandaSignatureSchema = signatureFactsSchema.extend({
  applicationId: z.string(),
  uploadedAt: z.string(),
  uploadedByName: z.string(),
  /** The application changed after the signed file was uploaded: it no longer signs what would be handed over. */
  stale: z.boolean(),
});
export type DomandaSignature = z.infer<typeof domandaSignatureSchema>;

/**
 * GET /api/Domanda/GetDomandaStatus: whether the call requires the signature, the Domanda of the current content
 * (null while a mandatory field or attachment is missing, with the reason), the signed file, and whether the trial
 * authority may sign (only while no trust list is configured).
 */
export const domandaStatusSchema = z.object({
  signatureRequired: z.boolean(),
  domanda: z
    .object({
      /** SHA-256 (hex) of the PDF the legal representative is to sign. */
      sha256: z.string(),
      fileName: z.string(),
      /** Who may sign it: the organisation's legal representatives, as its profile names them (issue 43). */
      signers: z.array(z.string()),
      /** They represent the organisation only together: every one of them signs (firma congiunta). */
      allMustSign: z.boolean(),
    })
    .nullable(),
  /** Why there is no Domanda yet (Italian), null when there is one. */
  notReadyReason: z.string().nullable(),
  signature: domandaSignatureSchema.nullable(),
  trialSigning: z.boolean(),
});
export type DomandaStatus = z.infer<typeof domandaStatusSchema>;

/**
 * What the Domanda's routes are about: the organisation and the fund's call (code or compilazioneType, as elsewhere),
 * in the query of the reads and the upload, in the body of the trial signature.
 */
export const domandaQuerySchema = z.object({ orgId: idSchema, callType: z.string() });
/** UploadSignedDomanda's multipart body: the signed file alone (the organisation and the call are in the query). */
export const signedDomandaFormSchema = z.object({
  File: z.file().describe('Il file firmato: la domanda in busta CAdES (.p7m) o il PDF firmato (PAdES), al massimo 20 MB.'),
});

export const signedDomandaQuerySchema = z.object({ applicationId: idSchema });
