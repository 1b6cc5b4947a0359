import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { CMS_OID } from './cadesSigning.ts';
import { sameCertificate } from './certificates.ts';

/** Reading and checking CMS SignedData (RFC 5652) with pkijs: the container of CAdES and of PAdES's /Contents. */

/** The bytes as DER, or as the base64 / PEM text of it, as signing programs save a .p7m. */
function derCandidates(file: Uint8Array): Uint8Array[] {
  const candidates = [file];
  // Only a file that starts as base64 or PEM does is read as text (not a PDF of many megabytes).
  const head = Buffer.from(file.subarray(0, 64)).toString('latin1').trimStart();
  if (!/^(-----BEGIN [A-Z0-9 ]+-----|[A-Za-z0-9+/]{16})/.test(head)) return candidates;
  const text = Buffer.from(file).toString('latin1').trim();
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  if (body.length >= 16 && /^[A-Za-z0-9+/]+={0,2}$/.test(body)) candidates.push(new Uint8Array(Buffer.from(body, 'base64')));
  return candidates;
}

function signedDataFromDer(der: Uint8Array): pkijs.SignedData | null {
  try {
    const asn1 = asn1js.fromBER(Uint8Array.from(der));
    if (asn1.offset === -1) return null;
    const contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
    if (contentInfo.contentType !== CMS_OID.signedData) return null;
    return new pkijs.SignedData({ schema: contentInfo.content });
  } catch {
    return null;
  }
}

/** The SignedData a file holds (DER, base64 or PEM), or null when it holds none. */
export function readSignedData(file: Uint8Array): pkijs.SignedData | null {
  for (const der of derCandidates(file)) {
    const signedData = signedDataFromDer(der);
    if (signedData) return signedData;
  }
  return null;
}

/** The content an enveloping signature carries (null when detached), joined if encoded in pieces. */
export function envelopedContent(signedData: pkijs.SignedData): Uint8Array | null {
  const eContent = signedData.encapContentInfo.eContent;
  if (!eContent) return null;
  return new Uint8Array(eContent.getValue());
}

export interface CheckedSignerInfo {
  certificate: pkijs.Certificate;
  signingTime: Date | null;
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | null {
  const attribute = signerInfo.signedAttrs?.attributes.find((entry) => entry.type === CMS_OID.signingTime);
  const value = attribute?.values[0];
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate();
  return null;
}

/**
 * Checks every SignerInfo's signature over its signed attributes and the message digest over the content (pkijs
 * SignedData.verify, WebCrypto: RSA, RSA-PSS, ECDSA), without the chain (checked later, at the signing time).
 * `detachedContent` is the signed data of a detached signature (PAdES's byte range). Null when any check fails, or
 * when there is no signer.
 */
export async function checkSignerInfos(
  signedData: pkijs.SignedData,
  detachedContent: Uint8Array | null,
): Promise<CheckedSignerInfo[] | null> {
  if (signedData.signerInfos.length === 0) return null;
  const checked: CheckedSignerInfo[] = [];
  for (const [index, signerInfo] of signedData.signerInfos.entries()) {
    try {
      const result = await signedData.verify({
        signer: index,
        checkChain: false,
        extendedMode: true,
        ...(detachedContent ? { data: Uint8Array.from(detachedContent).buffer } : {}),
      });
      if (!result.signatureVerified || !result.signerCertificate) return null;
      checked.push({ certificate: result.signerCertificate, signingTime: signingTimeOf(signerInfo) });
    } catch {
      return null;
    }
  }
  return checked;
}

/** The certificates the SignedData carries besides a signer's own: the intermediate authorities. */
export function carriedCertificates(signedData: pkijs.SignedData, except: pkijs.Certificate): pkijs.Certificate[] {
  return (signedData.certificates ?? []).filter(
    (entry): entry is pkijs.Certificate => entry instanceof pkijs.Certificate && !sameCertificate(entry, except),
  );
}
