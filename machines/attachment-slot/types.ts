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
  /**
   * The person tried to go on or to submit: a mandatory slot without a file says so. Default false: nobody is
   * told a file is missing before they had the chance to add it.
   */
  showsMissing?: boolean;
  /**
   * A slot an integration request asks to correct (issue 44): its stored file cannot be removed, only replaced by
   * choosing another (the round keeps the old and the new one). Default false.
   */
  keepsFile?: boolean;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface AttachmentSlotContext {
  slot: AttachmentSlotData;
  enabled: boolean;
  maxBytes: number;
  /** Whether a missing mandatory file is pointed out (the host's AttachmentSlotInput.showsMissing). */
  showsMissing: boolean;
  /** The host's AttachmentSlotInput.keepsFile: Sostituisci instead of Rimuovi. */
  keepsFile: boolean;
  /** The file being uploaded, kept so an upload the network or the server dropped can be retried. */
  file: ChosenFile | null;
  progress: UploadProgress | null;
  /** The Italian message of the last refusal or failure. */
  error: string | null;
}

export type AttachmentSlotEvent =
  /** A file was dropped on the zone or chosen with the picker (for a slot that keeps its file, the replacement). */
  | { type: 'file.choose'; file: ChosenFile }
  /** Rimuovi: asks for a confirmation first (issue 46: a file is not deleted by one stray click). */
  | { type: 'file.remove' }
  /** The confirmation's Rimuovi. */
  | { type: 'removal.confirm' }
  /** The confirmation's Annulla, Esc or its close button: the file stays. */
  | { type: 'removal.cancel' }
  /** Scarica. */
  | { type: 'file.download' }
  /** Stops an upload under way. */
  | { type: 'upload.cancel' }
  /** The attachments list was fetched again, or the host changed what the slot may do or must point out. */
  | { type: 'slot.updated'; slot: AttachmentSlotData; enabled?: boolean; showsMissing?: boolean }
  /** Riprova after an upload the network or the server dropped, a failed removal or download. */
  | { type: 'error.retry' }
  /** Closes the message of a refused file or a failure. */
  | { type: 'error.dismiss' }
  /** Sent by the uploadFile actor: bytes sent so far. */
  | { type: 'upload.progress'; loaded: number; total: number }
  /** Sent by the uploadFile actor: the server stored the file. */
  | { type: 'upload.done'; uploaded: UploadedAttachment }
  /**
   * Sent by the uploadFile actor: the upload failed, with the server's Italian message when there was one.
   * `retryable`: no answer came back or the server failed, so sending the same file again may work; otherwise
   * the server refused the file (its type, size or content) and only another file can do.
   */
  | { type: 'upload.failed'; message: string | null; retryable: boolean };

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
