import { domandaMessages as m } from '../../domain/messages/domanda.ts';
import { DocumentWriter } from '../pdf/documentWriter.ts';
import { createPdfDocument } from '../pdf/pdfFonts.ts';
import { domandaFingerprint, type DomandaDocument } from './domandaDocument.ts';

/** How many of the fingerprint's hex digits every page's footer shows. */
const FOOTER_FINGERPRINT = 16;

/**
 * The Domanda as a PDF, from its document only: byte for byte the same for the same document (no date in the
 * metadata, no identifier, fonts embedded under fixed names), with no script, form or action, so that it can be
 * signed (PAdES, CAdES) and compared. Written without object streams: a PAdES signature is an incremental update
 * appended to these bytes. A change here changes the PDF of every document: raise DOMANDA_LAYOUT_VERSION
 * (domandaDocument.ts) with it.
 */
export async function renderDomandaPdf(document: DomandaDocument): Promise<Buffer> {
  const { doc, regular, bold } = await createPdfDocument();
  doc.setTitle(`${document.title} \u2013 ${document.callTitle}`, { showInWindowTitleBar: true });
  doc.setSubject(document.fundTitle);
  doc.setAuthor(m.portalName);
  doc.setCreator(m.portalName);
  doc.setProducer(m.portalName);
  doc.setLanguage('it-IT');

  const writer = new DocumentWriter(doc, regular, bold, { labelWidth: 190 });
  writer.text(m.portalName, { size: 12, bold: true });
  writer.text(document.title, { size: 18, bold: true });
  writer.text(document.callTitle, { size: 13, after: 4 });
  writer.rule();
  writer.text(document.intro, { after: 4 });

  for (const part of document.parts) {
    writer.heading(part.heading);
    part.groups.forEach((group, index) => {
      if (group.title) writer.subheading(group.title);
      else if (index > 0) writer.gap(6);
      for (const field of group.fields) writer.field(field.label, field.value);
    });
  }

  writer.heading(document.attachments.heading);
  if (document.attachments.none) writer.text(document.attachments.none);
  document.attachments.items.forEach((file, index) => {
    if (index > 0) writer.gap(4);
    // Its lines small enough for a SHA-256 to stay on one line, as on the receipt: it is read and compared whole.
    writer.entry(file.title, file.lines);
  });

  writer.heading(document.declaration.heading);
  writer.text(document.declaration.reference, { size: 9, after: 6 });
  for (const paragraph of document.declaration.paragraphs) writer.text(paragraph, { after: 6, bold: paragraph === m.declaration.declares });

  writer.heading(document.signature.heading);
  for (const line of document.signature.lines) writer.text(line, { after: 2 });

  writer.footers(m.footer(document.fundTitle, domandaFingerprint(document).slice(0, FOOTER_FINGERPRINT)), m.page);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
