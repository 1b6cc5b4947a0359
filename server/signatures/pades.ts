import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFObject } from 'pdf-lib';
import type * as pkijs from 'pkijs';
import { readSignedData } from './cms.ts';

/**
 * PAdES: the signature dictionaries of a PDF (pdf-lib reads the file, incremental updates included) and what each
 * signs, the bytes of its /ByteRange, which must leave out exactly its /Contents hex string.
 */
const SUBFILTERS = new Set(['ETSI.CAdES.detached', 'adbe.pkcs7.detached']);

export interface PadesSignature {
  signedData: pkijs.SignedData;
  /** The bytes the signature covers: the file less its /Contents. */
  signedBytes: Uint8Array;
  /** Where its /Contents starts and where the signed bytes end. */
  contentsStart: number;
  end: number;
}

export interface PadesFile {
  document: PDFDocument;
  /** Every signature, the last (covering most of the file) at the end. */
  signatures: PadesSignature[];
  /** Signature dictionaries whose /ByteRange or /Contents cannot be what they claim. */
  unreadable: number;
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const HEX_DIGITS = /^[0-9A-Fa-f]*$/;

function byteRangeOf(dict: PDFDict): number[] | null {
  const range = dict.lookup(PDFName.of('ByteRange'));
  if (!(range instanceof PDFArray) || range.size() !== 4) return null;
  const numbers = range.asArray().map((entry) => (entry instanceof PDFNumber ? entry.asNumber() : NaN));
  return numbers.every((value) => Number.isInteger(value) && value >= 0) ? numbers : null;
}

/** The signature a /ByteRange describes, when it leaves out one hex string (its /Contents) and holds a SignedData. */
function signatureOfRange(file: Uint8Array, range: number[]): PadesSignature | null {
  const [start, firstLength, gapEnd, secondLength] = range as [number, number, number, number];
  const end = gapEnd + secondLength;
  if (start !== 0 || gapEnd <= firstLength + 1 || end > file.length) return null;
  if (file[firstLength] !== LESS_THAN || file[gapEnd - 1] !== GREATER_THAN) return null;
  const hex = Buffer.from(file.subarray(firstLength + 1, gapEnd - 1)).toString('latin1');
  if (!HEX_DIGITS.test(hex) || hex.length % 2 !== 0) return null;
  const signedData = readSignedData(new Uint8Array(Buffer.from(hex, 'hex')));
  if (!signedData) return null;
  const signedBytes = new Uint8Array(firstLength + secondLength);
  signedBytes.set(file.subarray(0, firstLength), 0);
  signedBytes.set(file.subarray(gapEnd, end), firstLength);
  return { signedData, signedBytes, contentsStart: firstLength, end };
}

function isSignatureDictionary(object: PDFObject): object is PDFDict {
  if (!(object instanceof PDFDict)) return false;
  const subFilter = object.lookup(PDFName.of('SubFilter'));
  return subFilter instanceof PDFName && SUBFILTERS.has(subFilter.decodeText()) && object.has(PDFName.of('Contents'));
}

/** The PDF and its signatures, or null when the file is no PDF or holds no signature dictionary. */
export async function readPadesFile(file: Uint8Array): Promise<PadesFile | null> {
  if (Buffer.from(file.subarray(0, 1024)).indexOf('%PDF-') === -1) return null;
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(file, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return null;
  }
  const signatures: PadesSignature[] = [];
  let unreadable = 0;
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!isSignatureDictionary(object)) continue;
    const range = byteRangeOf(object);
    const signature = range && signatureOfRange(file, range);
    if (signature) signatures.push(signature);
    else unreadable++;
  }
  if (signatures.length === 0 && unreadable === 0) return null;
  signatures.sort((a, b) => a.end - b.end);
  return { document, signatures, unreadable };
}
