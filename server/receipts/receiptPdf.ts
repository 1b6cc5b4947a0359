import { italianAcceptanceTime } from '../../domain/acceptanceTime.ts';
import { italianDateTime } from '../../domain/italianDates.ts';
import { formatItalianNumber } from '../../domain/italianNumbers.ts';
import { domandaSignatureMessages } from '../../domain/messages/domandaSignature.ts';
import { receiptsMessages } from '../../domain/messages/receipts.ts';
import { DocumentWriter } from '../pdf/documentWriter.ts';
import { createPdfDocument } from '../pdf/pdfFonts.ts';
import type { ReceiptRow } from '../db/schema/receipts.ts';

const m = receiptsMessages;

/**
 * The receipt as a PDF, from its stored snapshot only. Byte for byte the same at every call: the document's
 * dates are the hand-over's, its producer fixed, and the fonts' subsets named (server/pdf/pdfFonts.ts).
 */
export async function renderReceiptPdf(receipt: ReceiptRow): Promise<Buffer> {
  const { doc, regular, bold } = await createPdfDocument();

  const at = receipt.handedOverAt;
  doc.setTitle(`${m.documentTitle} ${receipt.protocol}`, { showInWindowTitleBar: true });
  doc.setSubject(`${receipt.title} \u2013 ${receipt.callTitle}`);
  doc.setAuthor(m.portalName);
  doc.setCreator(m.portalName);
  doc.setProducer(m.portalName);
  doc.setLanguage('it-IT');
  doc.setCreationDate(at);
  doc.setModificationDate(at);

  const writer = new DocumentWriter(doc, regular, bold);
  writer.text(m.portalName, { size: 18, bold: true });
  writer.text(`${m.documentTitle} \u2013 ${receipt.title}`, { size: 14, after: 4 });
  writer.rule();
  writer.text(m.intro(receipt.title), { after: 6 });
  writer.text(m.protocol, { size: 10, bold: true });
  writer.text(receipt.protocol, { size: 16, bold: true, after: 6 });
  writer.field(m.call, receipt.callTitle);
  writer.field(m.organization, receipt.organizationName);
  writer.field(m.vatNumber, receipt.vatNumber);
  writer.field(m.handedOverBy, receipt.handedOverByName);
  writer.field(m.handedOverAt, m.handedOverAtValue(italianDateTime(at)));
  const accepted = italianAcceptanceTime(receipt.acceptedAt);
  writer.field(m.acceptedAt, m.acceptedAtValue(accepted.date, accepted.time));

  if (receipt.figures.length > 0) {
    writer.heading(m.figures);
    for (const figure of receipt.figures) writer.field(figure.label, figure.value);
  }

  writer.heading(m.attachments);
  if (receipt.attachments.length === 0) writer.text(m.noAttachments);
  receipt.attachments.forEach((file, index) => {
    if (index > 0) writer.gap(4);
    writer.entry(`${index + 1}. ${file.name}`, [
      file.type,
      `${m.attachmentSize}: ${m.bytes(formatItalianNumber(file.size, 0))}`,
      `${m.attachmentHash}: ${file.sha256}`,
    ]);
  });

  // The Domanda its legal representative signed (issue 43), as the verification found it at upload.
  const signature = receipt.signature;
  if (signature) {
    const s = domandaSignatureMessages;
    writer.heading(s.receiptSection);
    if (signature.trial) writer.text(s.trialBadge, { bold: true, after: 2 });
    for (const signer of signature.signers) {
      writer.field(s.receiptSigner, s.signerLine(signer.name, signer.fiscalCode));
      writer.field(s.issuer, signer.issuer);
      writer.field(s.signingTime, signer.signingTime ? m.handedOverAtValue(italianDateTime(signer.signingTime)) : s.noSigningTime);
    }
    writer.field(s.format, s.formats[signature.format]);
    writer.entry(`${s.receiptFile}: ${signature.fileName}`, [
      `${m.attachmentSize}: ${m.bytes(formatItalianNumber(signature.size, 0))}`,
      `${m.attachmentHash}: ${signature.sha256}`,
    ]);
  }

  writer.footers(`${m.footer} ${receipt.protocol}`, m.page);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
