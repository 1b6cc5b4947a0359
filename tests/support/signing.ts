import { webcrypto } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import signpdf from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument, PDFName, type PDFRef, StandardFonts } from 'pdf-lib';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { fiscalCodeCheckCharacter } from '../../domain/fiscalCode.ts';
import { signCms } from '../../server/signatures/cadesSigning.ts';
import { certificateToPem } from '../../server/signatures/certificates.ts';
import { generateKeys, issueCertificate, type KeyAlgorithm } from '../../server/signatures/issuing.ts';

/**
 * Signing as the legal representative's device would, for tests: authorities and signers made at run time, CAdES
 * (.p7m) and PAdES (a real incremental update with a signature field, by @signpdf), and ways to spoil them.
 */
const DAY_MS = 24 * 3600 * 1000;

export interface TestAuthority {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
  /** The authorities above it, an intermediate's root. */
  chain: pkijs.Certificate[];
}

export interface TestSigner {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
  /** The intermediate authorities the signature carries. */
  chain: pkijs.Certificate[];
}

/** A valid fiscal code from its first 15 characters. */
export const fiscalCode = (first15: string): string => first15 + fiscalCodeCheckCharacter(first15);

/** A root authority, or an intermediate one when `issuer` is given. */
export async function createAuthority(
  options: { name?: string; issuer?: TestAuthority; algorithm?: KeyAlgorithm; notBefore?: Date; notAfter?: Date } = {},
): Promise<TestAuthority> {
  const keys = await generateKeys(options.algorithm ?? 'RSA');
  const certificate = await issueCertificate({
    subject: { commonName: options.name ?? 'Test Qualified CA', organization: 'Test Trust Services', country: 'IT' },
    publicKey: keys.publicKey,
    issuer: options.issuer
      ? { certificate: options.issuer.certificate, privateKey: options.issuer.privateKey }
      : { selfKey: keys.privateKey },
    notBefore: options.notBefore ?? new Date(Date.now() - 365 * DAY_MS),
    notAfter: options.notAfter ?? new Date(Date.now() + 5 * 365 * DAY_MS),
    authority: true,
  });
  const chain = options.issuer ? [options.issuer.certificate, ...options.issuer.chain] : [];
  return { certificate, privateKey: keys.privateKey, chain };
}

/** A signer's certificate: TINIT-<fiscalCode> in the subject's serialNumber unless `serialNumber` says otherwise (null: none). */
export async function issueSigner(
  authority: TestAuthority,
  person: {
    givenName: string;
    surname: string;
    fiscalCode?: string;
    serialNumber?: string | null;
    notBefore?: Date;
    notAfter?: Date;
    algorithm?: KeyAlgorithm;
  },
): Promise<TestSigner> {
  const keys = await generateKeys(person.algorithm ?? 'RSA');
  const serialNumber = person.serialNumber === undefined ? `TINIT-${person.fiscalCode}` : person.serialNumber;
  const certificate = await issueCertificate({
    subject: {
      commonName: `${person.givenName} ${person.surname}`,
      givenName: person.givenName,
      surname: person.surname,
      country: 'IT',
      ...(serialNumber === null ? {} : { serialNumber }),
    },
    publicKey: keys.publicKey,
    issuer: { certificate: authority.certificate, privateKey: authority.privateKey },
    notBefore: person.notBefore ?? new Date(Date.now() - 30 * DAY_MS),
    notAfter: person.notAfter ?? new Date(Date.now() + 365 * DAY_MS),
    authority: false,
  });
  return { certificate, privateKey: keys.privateKey, chain: [authority.certificate, ...authority.chain] };
}

/** A signer's private key as PKCS#8 PEM, for other tools (openssl cms -sign -inkey). */
export async function privateKeyPem(signer: TestSigner): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', signer.privateKey));
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END PRIVATE KEY-----\n`;
}

export const authorityPem = (authority: TestAuthority): string => certificateToPem(authority.certificate);

/** A stand-in for the Domanda, written as the portal writes it (pdf-lib, no object streams). */
export async function makeDomanda(text = 'Domanda di candidatura'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  return pdf.save({ useObjectStreams: false });
}

/** CAdES-BES enveloping the PDF (.p7m, DER, or its base64 text), one SignerInfo per signer (parallel signatures). */
export async function signCades(
  pdf: Uint8Array,
  signers: TestSigner | readonly TestSigner[],
  options: { signingTime?: Date | null; base64?: boolean } = {},
): Promise<Uint8Array> {
  const list = Array.isArray(signers) ? (signers as readonly TestSigner[]) : [signers as TestSigner];
  const der = await signCms({
    content: pdf,
    detached: false,
    signers: list,
    chain: list.flatMap((signer) => signer.chain),
    signingTime: options.signingTime === undefined ? new Date() : options.signingTime,
  });
  return options.base64 ? new Uint8Array(Buffer.from(Buffer.from(der).toString('base64'))) : der;
}

/** The .p7m as some signing programs write it (BER): the content as a constructed OCTET STRING in pieces. */
export function withContentInPieces(p7m: Uint8Array, pieceSize = 256): Uint8Array {
  const contentInfo = pkijs.ContentInfo.fromBER(Uint8Array.from(p7m));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const content = new Uint8Array(signedData.encapContentInfo.eContent!.getValue());
  const pieces: asn1js.OctetString[] = [];
  for (let at = 0; at < content.length; at += pieceSize) {
    pieces.push(new asn1js.OctetString({ valueHex: content.slice(at, at + pieceSize) }));
  }
  signedData.encapContentInfo.eContent = new asn1js.OctetString({ idBlock: { isConstructed: true }, value: pieces });
  const reencoded = new pkijs.ContentInfo({ contentType: contentInfo.contentType, content: signedData.toSchema(true) });
  return new Uint8Array(reencoded.toSchema().toBER(false));
}

class TestPdfSigner extends Signer {
  constructor(
    private readonly signer: TestSigner,
    private readonly signingTime: Date,
    private readonly enveloping: boolean,
  ) {
    super();
  }
  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const cms = await signCms({
      content: pdfBuffer,
      detached: !this.enveloping,
      signers: [this.signer],
      chain: this.signer.chain,
      signingTime: this.signingTime,
    });
    return Buffer.from(cms);
  }
}

/**
 * PAdES: an incremental update adding a signature field, its widget and the signature dictionary, then the detached
 * CMS over the byte range (`enveloping`: a malformed one that carries the byte range's bytes instead).
 */
export async function signPades(
  pdf: Uint8Array,
  signer: TestSigner,
  options: { signingTime?: Date; enveloping?: boolean } = {},
): Promise<Uint8Array> {
  const signingTime = options.signingTime ?? new Date();
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: Buffer.from(pdf),
    reason: 'Domanda',
    contactInfo: '',
    name: 'Legale rappresentante',
    location: '',
    signingTime,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 16384,
  });
  return new Uint8Array(
    await signpdf.sign(withPlaceholder, new TestPdfSigner(signer, signingTime, options.enveloping ?? false), signingTime),
  );
}

/**
 * The PDF with one more incremental update: `edit` changes the document pdf-lib read and returns the objects to write
 * (new or changed), which are appended with their cross-reference section and a trailer pointing at the previous one.
 */
export async function withIncrementalUpdate(pdf: Uint8Array, edit: (document: PDFDocument) => PDFRef[]): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const changed = edit(document);
  const previousXref = /startxref\s+(\d+)\s*%%EOF\s*$/.exec(Buffer.from(pdf.subarray(-64)).toString('latin1'))![1];
  let update = '\n';
  const offsets: [PDFRef, number][] = [];
  for (const ref of changed) {
    offsets.push([ref, pdf.length + Buffer.byteLength(update, 'latin1')]);
    update += `${ref.objectNumber} ${ref.generationNumber} obj\n${document.context.lookup(ref)!.toString()}\nendobj\n`;
  }
  const xrefAt = pdf.length + Buffer.byteLength(update, 'latin1');
  update += 'xref\n0 1\n0000000000 65535 f \n';
  for (const [ref, offset] of offsets) {
    update += `${ref.objectNumber} 1\n${String(offset).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n \n`;
  }
  const size = document.context.largestObjectNumber + 1;
  update += `trailer\n<< /Size ${size} /Root ${document.context.trailerInfo.Root!.toString()} /Prev ${previousXref} >>\n`;
  update += `startxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(update, 'latin1')]));
}

/** The PDF (signed or not) with an incremental update that writes more text on the first page. */
export function editedAfterSigning(pdf: Uint8Array): Promise<Uint8Array> {
  return withIncrementalUpdate(pdf, (document) => {
    const page = document.getPage(0);
    const content = 'BT /F1 24 Tf 50 700 Td (Importo: 1.000.000) Tj ET';
    const stream = document.context.register(document.context.stream(content));
    page.node.set(PDFName.of('Contents'), document.context.obj([page.node.get(PDFName.of('Contents'))!, stream]));
    return [stream, page.ref];
  });
}

/** The file with one byte changed at that offset (inside the signed range: the original revision's text). */
export function flippedByte(file: Uint8Array, offset: number): Uint8Array {
  const copy = Uint8Array.from(file);
  copy[offset] = copy[offset]! ^ 0x01;
  return copy;
}
