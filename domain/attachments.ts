import { z } from 'zod';
import type { Fund } from './applicationStatus.ts';
import { fundEntry } from './funds.ts';
import { idSchema } from './idSchema.ts';
import { UUID_PATTERN } from './uuid.ts';

/**
 * Application attachments (spec §3 Attachment slot, §5 Attachments, §7 Files): the slots a fund asks for,
 * what an upload answers, and whether every mandatory slot has a file. Shared by the server's routes and
 * the browser's API module.
 */

/**
 * What an attachment is for: the application itself, an integration round (documents the reviewers asked
 * for), the review stage (DNSH declarations) or a monitoring period. The application's lifecycle status
 * decides when each may be written (machines/application-lifecycle/transitions.ts).
 */
export const ATTACHMENT_PURPOSES = ['application', 'integration', 'review', 'monitoring'] as const;
export const attachmentPurposeSchema = z.enum(ATTACHMENT_PURPOSES);
export type AttachmentPurpose = z.infer<typeof attachmentPurposeSchema>;

/**
 * What a slot accepts, checked on the server by content, never by name: a PDF, an Excel workbook, or (integration
 * documents, spec §5) any 'Documento': PDF, image (PNG, JPEG), Word, Excel or PowerPoint.
 */
export const ATTACHMENT_FORMATS = ['PDF', 'Excel', 'Documento'] as const;
export const attachmentFormatSchema = z.enum(ATTACHMENT_FORMATS);
export type AttachmentFormat = z.infer<typeof attachmentFormatSchema>;

/** The kinds of file the server recognises by content, with the MIME type and extension it stores them under. */
export const FILE_KINDS = {
  pdf: { contentType: 'application/pdf', extension: '.pdf' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: '.xlsx' },
  xls: { contentType: 'application/vnd.ms-excel', extension: '.xls' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: '.docx' },
  doc: { contentType: 'application/msword', extension: '.doc' },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: '.pptx' },
  ppt: { contentType: 'application/vnd.ms-powerpoint', extension: '.ppt' },
  png: { contentType: 'image/png', extension: '.png' },
  jpeg: { contentType: 'image/jpeg', extension: '.jpg' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** MIME types of what the server accepts, as it stores and serves them. */
export const ATTACHMENT_CONTENT_TYPES = {
  pdf: FILE_KINDS.pdf.contentType,
  xlsx: FILE_KINDS.xlsx.contentType,
  xls: FILE_KINDS.xls.contentType,
} as const;

/** Which kinds of file fill a slot of each format. */
export const KINDS_OF_FORMAT: Record<AttachmentFormat, readonly FileKind[]> = {
  PDF: ['pdf'],
  Excel: ['xlsx', 'xls'],
  Documento: ['pdf', 'png', 'jpeg', 'docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt'],
};

const uuidString = z.string().regex(UUID_PATTERN);

/**
 * One slot of the attachment list (spec §3): the type (`id` is the TipoFileId to upload with) and, when a
 * file is there, that file. A single-file type is one slot; the generic "Aggiungi allegato" type
 * (`multiple`) is one slot per uploaded file plus one empty slot to add another.
 */
export const attachmentSlotSchema = z.object({
  id: z.number().int(),
  fileName: z.string().nullable(),
  attachedTypeName: z.string(),
  attachedType: attachmentFormatSchema,
  mandatoryInput: z.boolean(),
  downloadId: uuidString.nullable(),
  /** A form to download, fill in and upload signed (e.g. '/modelli/informativa-privacy.pdf'). */
  templateUrl: z.string().nullable(),
  /** The template's name as people read it ('Dichiarazione DNSH - PUI'); null without one or for a form the portal does not ship. */
  templateName: z.string().nullable(),
  /** Whether the uploaded PDF declares PDF/A conformance; null without a file or for Excel. */
  isPdfA: z.boolean().nullable(),
  uploadedAt: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  multiple: z.boolean(),
});
export type AttachmentSlot = z.infer<typeof attachmentSlotSchema>;
export const attachmentSlotListSchema = z.array(attachmentSlotSchema);

/** The answer to POST /api/FileUpload/UploadFile: spec's `{ id, fileName }` and what the slot shows. */
export const uploadFileResponseSchema = z.object({
  id: uuidString,
  fileName: z.string(),
  attachmentTypeId: z.number().int(),
  contentType: z.string(),
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  isPdfA: z.boolean().nullable(),
  uploadedAt: z.string(),
});
export type UploadFileResponse = z.infer<typeof uploadFileResponseSchema>;

/**
 * POST /api/FileUpload/UploadFile's multipart/form-data fields (spec §3). The server reads them part by part as
 * they stream by (server/attachments/upload.ts), so Fastify does not validate them against this object: it names
 * the fields that reader accepts and documents them in the API's OpenAPI document.
 */
export const uploadFileFormSchema = z.object({
  File: z.file().describe('Il file: uno solo per richiesta. Il tipo è riconosciuto dal contenuto, non dal nome.'),
  Nome: z.string().optional().describe('Il nome con cui conservarlo; senza, quello del file. L’estensione è quella del contenuto.'),
  Descrizione: z.string().optional().describe('Una descrizione (i primi 500 caratteri).'),
  TipoFileId: z.string().describe('L’id del tipo di allegato (il TipoFileId dell’elenco dei tipi), in cifre.'),
  OrgId: z.string().describe('L’organizzazione a cui appartiene la candidatura.'),
  CallType: z.string().describe('Il fondo: il suo codice o il suo compilazioneType.'),
});

export const removeAttachmentResponseSchema = z.object({ removed: z.literal(true), downloadId: uuidString });

/** FileUploadValidationPui / FileUploadValidationTur: may the application be submitted, as far as files go. */
export const attachmentValidationSchema = z.object({
  isValid: z.boolean(),
  missing: z.array(z.object({ id: z.number().int(), attachedTypeName: z.string() })),
});
export type AttachmentValidation = z.infer<typeof attachmentValidationSchema>;

export const attachmentTypesQuerySchema = z.object({ orgId: idSchema, callType: z.string() });
export const attachmentOrgQuerySchema = z.object({ orgId: idSchema });
export const downloadQuerySchema = z.object({ downloadId: idSchema });
export const zippedFilesQuerySchema = z.object({ orgId: idSchema, type: z.string() });

/** "Allegati{Tur|Pui}-{orgName}.zip" (spec §9). */
export function zippedAttachmentsFileName(fund: Fund, organizationName: string): string {
  return `Allegati${fundEntry(fund).controller}-${organizationName}.zip`;
}
