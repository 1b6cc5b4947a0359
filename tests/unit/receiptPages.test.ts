// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatItalianNumber } from '../../domain/italianNumbers.ts';
import { renderReceiptPdf } from '../../server/receipts/receiptPdf.ts';
import type { ReceiptRow } from '../../server/db/schema/receipts.ts';

/**
 * Issue 46, point 6: a receipt's file entry is never split across pages (its name, type, size and SHA-256 together),
 * and every page names the protocol number and "Pagina N di M". Read page by page, with unpdf and, where the machine
 * has it (.ci/run installs it), poppler's pdftotext.
 */
const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;
const oneSpace = (text: string) => text.replace(/\s+/g, ' ').trim();

function receiptWith(files: number): ReceiptRow {
  const at = new Date('2026-11-20T10:15:00Z');
  return {
    id: '00000000-0000-4000-8000-000000000001',
    protocol: 'PUI-2026-000042',
    fund: 'PUI',
    year: 2026,
    number: 42,
    kind: 'application',
    title: 'Candidatura',
    applicationId: '00000000-0000-4000-8000-000000000002',
    organizationId: '00000000-0000-4000-8000-000000000003',
    statusHistoryId: '00000000-0000-4000-8000-000000000004',
    handedOverBy: null,
    handedOverByName: 'Giulia Rossi (giulia.rossi@esempio.it)',
    handedOverAt: at,
    acceptedAt: '2026-11-20T10:15:00.123456Z',
    pdfKey: null,
    callTitle: 'Fondo Tematico Piani Urbani Integrati',
    organizationName: 'Comune di Vallerosa',
    vatNumber: '01234567890',
    figures: [{ label: 'Nome del progetto', value: 'Rigenerazione del borgo' }],
    attachments: Array.from({ length: files }, (_, index) => ({
      name: `allegato numero ${index + 1} con un nome abbastanza lungo da occupare la riga.pdf`,
      type: 'Relazione tecnica',
      size: 1000 + index,
      sha256: (index + 1).toString(16).padStart(2, '0').repeat(32),
    })),
    signature: null,
  };
}

async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map(oneSpace);
}

function popplerPagesOf(pdf: Buffer, pages: number): string[] {
  return Array.from({ length: pages }, (_, index) => {
    const page = String(index + 1);
    const read = spawnSync('pdftotext', ['-enc', 'UTF-8', '-f', page, '-l', page, '-', '-'], { input: pdf });
    return oneSpace(read.stdout.toString('utf8'));
  });
}

describe.each([7, 40])('a receipt with %i files', (files) => {
  it('keeps each file whole on one page, and every page names the protocol number and its page', async () => {
    const receipt = receiptWith(files);
    const pdf = await renderReceiptPdf(receipt);
    const pages = await pagesOf(pdf);
    const readers = HAS_PDFTOTEXT ? [pages, popplerPagesOf(pdf, pages.length)] : [pages];
    for (const read of readers) {
      read.forEach((page, index) => {
        expect(page).toContain(receipt.protocol);
        expect(page).toContain(`Pagina ${index + 1} di ${read.length}`);
      });
      receipt.attachments.forEach((file, index) => {
        const holding = read.filter((page) => page.includes(file.sha256));
        expect(holding, file.name).toHaveLength(1);
        expect(holding[0]).toContain(`${index + 1}. ${file.name}`);
        expect(holding[0]).toContain(`Dimensione: ${formatItalianNumber(file.size, 0)} byte`);
      });
    }
  });
});
