import { PassThrough, type Writable } from 'node:stream';
import type { stream } from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';

type WorkbookWriter = typeof stream.xlsx.WorkbookWriter;

/**
 * exceljs's streaming workbook writer, the only part of exceljs the server uses, loaded by the first Excel the
 * server writes rather than at start: most processes never write one. Only the writer's own module is loaded
 * (about 6 MB of the resident set) instead of the package's entry, which also loads the in-memory workbook,
 * the readers and CSV (about 17 MB). Node keeps the module: later calls only resolve it.
 */
export async function loadWorkbookWriter(): Promise<WorkbookWriter> {
  return (await import('exceljs/lib/stream/xlsx/workbook-writer.js')).default;
}

/**
 * The one way a workbook is streamed: `write` fills the returned stream while it is read. A reader that went away
 * (the download cancelled) stops the writer and is no failure; any other failure is logged and ends the stream with
 * its error, so the reader (an answer, or the storage a bulk action writes to) sees it fail.
 */
export function workbookStream(
  write: (out: Writable) => Promise<void>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  what: string,
): PassThrough {
  const stream = new PassThrough();
  write(stream).catch((err: unknown) => {
    if (stream.destroyed) {
      log.info({ err }, `${what} stopped: its reader went away (a cancelled download)`);
      return;
    }
    log.error({ err }, `${what} failed`);
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return stream;
}
