import { FILE_KINDS } from '../../domain/attachments.ts';

/** The media types of the files the server sends: one table, the stored kinds' own types where they are one. */
export const MEDIA_TYPES = {
  xlsx: FILE_KINDS.xlsx.contentType,
  zip: 'application/zip',
} as const;
