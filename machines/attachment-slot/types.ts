/** What a slot accepts (spec §5 Attachments: application slots take PDF or Excel; integration ones more). */
export type AttachmentFileKind = 'pdf' | 'excel' | 'word' | 'image' | 'powerpoint';

/** The file in a slot, as the attachments list reports it. */
export interface UploadedAttachment {
  downloadId: string;
  fileName: string;
  /** Whether the stored PDF is PDF/A; null when not a PDF or not known yet. */
  isPdfA: boolean | null;
}

/** One row of the Allegati list (spec §3 Attachment slot). */
export interface AttachmentSlotData {
  mandatory: boolean;
  accepts: readonly AttachmentFileKind[];
  uploaded: UploadedAttachment | null;
}

/** What the person picked or dropped: a browser `File` is one. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export interface AttachmentSlotInput {
  slot: AttachmentSlotData;
  /** False for an admin, a submitted application or a closed integration: download only. */
  enabled: boolean;
  /** The client-side size limit (the server's MAX_UPLOAD_MB); default 25 MB. */
  maxBytes?: number;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface AttachmentSlotContext {
  slot: AttachmentSlotData;
  enabled: boolean;
  maxBytes: number;
  /** The file being uploaded, kept so a failed upload can be retried. */
  file: ChosenFile | null;
  progress: UploadProgress | null;
  /** The Italian message of the last refusal or failure. */
  error: string | null;
}

export type AttachmentSlotEvent =
  /** A file was dropped on the zone or chosen with the picker. */
  | { type: 'file.choose'; file: ChosenFile }
  /** Rimuovi. */
  | { type: 'file.remove' }
  /** Scarica. */
  | { type: 'file.download' }
  /** Stops an upload under way. */
  | { type: 'upload.cancel' }
  /** The attachments list was fetched again: this slot's row as it is now. */
  | { type: 'slot.updated'; slot: AttachmentSlotData; enabled?: boolean }
  /** Riprova after a failed upload, removal or download. */
  | { type: 'error.retry' }
  /** Closes the message of a refused file or a failure. */
  | { type: 'error.dismiss' }
  /** Sent by the uploadFile actor: bytes sent so far. */
  | { type: 'upload.progress'; loaded: number; total: number }
  /** Sent by the uploadFile actor: the server stored the file. */
  | { type: 'upload.done'; uploaded: UploadedAttachment }
  /** Sent by the uploadFile actor: the upload failed, with the server's Italian message when there was one. */
  | { type: 'upload.failed'; message: string | null };

export interface UploadFileInput {
  file: ChosenFile;
}
export interface RemoveFileInput {
  downloadId: string;
}
export interface DownloadFileInput {
  downloadId: string;
  fileName: string;
}
