import type { AttachmentFileKind, ChosenFile } from './types.ts';

/** The server's default MAX_UPLOAD_MB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

interface KindHints {
  label: string;
  extensions: readonly string[];
  mimeTypes: readonly string[];
}

const hints: Record<AttachmentFileKind, KindHints> = {
  pdf: { label: 'PDF', extensions: ['.pdf'], mimeTypes: ['application/pdf'] },
  excel: {
    label: 'Excel',
    extensions: ['.xlsx', '.xls'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'],
  },
  word: {
    label: 'Word',
    extensions: ['.docx', '.doc'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword'],
  },
  image: { label: 'immagine (JPEG o PNG)', extensions: ['.jpg', '.jpeg', '.png'], mimeTypes: ['image/jpeg', 'image/png'] },
  powerpoint: {
    label: 'PowerPoint',
    extensions: ['.pptx', '.ppt'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/vnd.ms-powerpoint'],
  },
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * A first, friendly check of what the person chose, from its name and the type the browser guessed: the
 * name's extension decides when it has one, the browser's type otherwise. The server checks the content
 * for real (a renamed executable passes here and is refused there).
 */
export function isAcceptedFile(file: ChosenFile, accepts: readonly AttachmentFileKind[]): boolean {
  const extension = extensionOf(file.name);
  if (extension !== '') return accepts.some((kind) => hints[kind].extensions.includes(extension));
  return accepts.some((kind) => hints[kind].mimeTypes.includes(file.type));
}

/** For `<input accept>` and the drop zone: extensions and types of the accepted kinds. */
export function acceptAttribute(accepts: readonly AttachmentFileKind[]): string {
  return accepts.flatMap((kind) => [...hints[kind].extensions, ...hints[kind].mimeTypes]).join(',');
}

/** 'PDF o Excel', for the messages. */
export function acceptedKindsLabel(accepts: readonly AttachmentFileKind[]): string {
  const labels = accepts.map((kind) => hints[kind].label);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} o ${labels.at(-1)}`;
}

/** The limit in whole megabytes, as the message shows it. */
export function megabytes(bytes: number): number {
  return Math.max(1, Math.round(bytes / (1024 * 1024)));
}
