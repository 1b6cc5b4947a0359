import { describe, expect, it } from 'vitest';
import { FILE_KINDS } from '../../domain/attachments.ts';
import { deflateInArchive } from '../../server/exports/applicationArchive.ts';

describe('which files the administrator’s zip deflates', () => {
  it('stores formats that are compressed already (PDF, images, Office XML, zip)', () => {
    for (const kind of ['pdf', 'png', 'jpeg', 'xlsx', 'docx', 'pptx'] as const) {
      expect(deflateInArchive(FILE_KINDS[kind].contentType)).toBe(false);
    }
    expect(deflateInArchive('application/zip')).toBe(false);
    expect(deflateInArchive('Application/PDF; charset=binary')).toBe(false);
  });

  it('deflates what still shrinks: the older binary Office formats and texts', () => {
    for (const kind of ['xls', 'doc', 'ppt'] as const) expect(deflateInArchive(FILE_KINDS[kind].contentType)).toBe(true);
    expect(deflateInArchive('text/plain; charset=utf-8')).toBe(true);
  });
});
