import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certificateToDer, sameCertificate } from './certificates.ts';

/**
 * Makes CAdES-BES signatures (CMS SignedData, SHA-256) as a signing device does: the signed attributes content-type,
 * signing-time, message-digest and signing-certificate-v2 (RFC 5035), one SignerInfo per signer (parallel
 * signatures). Enveloping (the .p7m carries the content) or detached (PAdES: the content is the PDF's byte range).
 */
export const CMS_OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

export interface CmsSigner {
  privateKey: CryptoKey;
  certificate: pkijs.Certificate;
}

const sha256 = async (bytes: Uint8Array): Promise<Uint8Array> => new Uint8Array(await webcrypto.subtle.digest('SHA-256', bytes));

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }, ESSCertIDv2 with the default SHA-256. */
async function signingCertificateV2(certificate: pkijs.Certificate): Promise<asn1js.Sequence> {
  const essCertId = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: await sha256(certificateToDer(certificate)) })],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] });
}

export async function signCms(options: {
  content: Uint8Array;
  detached: boolean;
  signers: readonly CmsSigner[];
  /** Further certificates to carry (intermediate authorities). */
  chain?: readonly pkijs.Certificate[];
  signingTime: Date | null;
}): Promise<Uint8Array> {
  const certificates: pkijs.Certificate[] = [];
  for (const certificate of [...options.signers.map((signer) => signer.certificate), ...(options.chain ?? [])]) {
    if (!certificates.some((known) => sameCertificate(known, certificate))) certificates.push(certificate);
  }
  const content = Uint8Array.from(options.content);
  const digest = await sha256(content);
  const encapContentInfo = new pkijs.EncapsulatedContentInfo({ eContentType: CMS_OID.data });
  // Set after construction: pkijs's constructor would cut the content into a constructed (BER) OCTET STRING of 64 KiB
  // pieces, where signing devices write one DER OCTET STRING.
  if (!options.detached) encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo,
    certificates,
    signerInfos: await Promise.all(
      options.signers.map(
        async ({ certificate }) =>
          new pkijs.SignerInfo({
            version: 1,
            sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
            signedAttrs: new pkijs.SignedAndUnsignedAttributes({
              type: 0,
              attributes: [
                new pkijs.Attribute({ type: CMS_OID.contentType, values: [new asn1js.ObjectIdentifier({ value: CMS_OID.data })] }),
                ...(options.signingTime
                  ? [new pkijs.Attribute({ type: CMS_OID.signingTime, values: [new asn1js.UTCTime({ valueDate: options.signingTime })] })]
                  : []),
                new pkijs.Attribute({ type: CMS_OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
                new pkijs.Attribute({ type: CMS_OID.signingCertificateV2, values: [await signingCertificateV2(certificate)] }),
              ],
            }),
          }),
      ),
    ),
  });
  for (const [index, signer] of options.signers.entries()) {
    await signedData.sign(signer.privateKey, index, 'SHA-256', options.detached ? content : undefined);
  }
  const contentInfo = new pkijs.ContentInfo({ contentType: CMS_OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
