import { templateNameOf } from '../../domain/attachmentTemplates.ts';
import type { AttachmentSlot, AttachmentValidation } from '../../domain/attachments.ts';
import type { AttachmentRow, AttachmentTypeRow } from '../db/schema/attachments.ts';

function emptySlot(type: AttachmentTypeRow): AttachmentSlot {
  return {
    id: type.id,
    fileName: null,
    attachedTypeName: type.name,
    attachedType: type.format,
    mandatoryInput: type.mandatory,
    downloadId: null,
    templateUrl: type.templatePath,
    templateName: templateNameOf(type.templatePath),
    isPdfA: null,
    uploadedAt: null,
    size: null,
    multiple: type.multiple,
  };
}

function filledSlot(type: AttachmentTypeRow, file: AttachmentRow): AttachmentSlot {
  return {
    ...emptySlot(type),
    fileName: file.fileName,
    downloadId: file.id,
    isPdfA: file.contentType === 'application/pdf' ? file.isPdfA : null,
    uploadedAt: file.createdAt.toISOString(),
    size: file.size,
  };
}

/**
 * The list the slot widget renders (spec §2, §3), in the fund's order: one slot per single-file type
 * (with its file, if any); for the generic type one slot per file, then an empty one to add another.
 */
export function attachmentSlotsOf(types: AttachmentTypeRow[], files: AttachmentRow[]): AttachmentSlot[] {
  return types.flatMap((type) => {
    const own = files.filter((file) => file.attachmentTypeId === type.id);
    if (type.multiple) return [...own.map((file) => filledSlot(type, file)), emptySlot(type)];
    const latest = own.at(-1);
    return [latest ? filledSlot(type, latest) : emptySlot(type)];
  });
}

/** Whether every mandatory type has a file, and which do not (spec §5: 'L'allegato è obbligatorio'). */
export function attachmentValidationOf(types: AttachmentTypeRow[], files: AttachmentRow[]): AttachmentValidation {
  const filled = new Set(files.map((file) => file.attachmentTypeId));
  const missing = types
    .filter((type) => type.mandatory && !filled.has(type.id))
    .map((type) => ({ id: type.id, attachedTypeName: type.name }));
  return { isValid: missing.length === 0, missing };
}
