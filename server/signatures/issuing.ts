import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { NAME_OID } from './certificates.ts';

/**
 * Keys and certificates for the trial authority (and the tests' authorities): WebCrypto keys, X.509 v3
 * certificates built and signed with pkijs, SHA-256.
 */
export type KeyAlgorithm = 'RSA' | 'ECDSA';

export const KEY_PARAMS: Record<KeyAlgorithm, RsaHashedKeyGenParams | EcKeyGenParams> = {
  RSA: { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  ECDSA: { name: 'ECDSA', namedCurve: 'P-256' },
};

export async function generateKeys(algorithm: KeyAlgorithm = 'RSA'): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(KEY_PARAMS[algorithm], true, ['sign', 'verify'])) as CryptoKeyPair;
}

export interface NameParts {
  commonName: string;
  givenName?: string;
  surname?: string;
  serialNumber?: string;
  organization?: string;
  country?: string;
}

function distinguishedName(parts: NameParts): pkijs.RelativeDistinguishedNames {
  const entries: [string, string | undefined, 'printable' | 'utf8'][] = [
    [NAME_OID.country, parts.country, 'printable'],
    [NAME_OID.organization, parts.organization, 'utf8'],
    [NAME_OID.surname, parts.surname, 'utf8'],
    [NAME_OID.givenName, parts.givenName, 'utf8'],
    [NAME_OID.serialNumber, parts.serialNumber, 'printable'],
    [NAME_OID.commonName, parts.commonName, 'utf8'],
  ];
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: entries
      .filter((entry): entry is [string, string, 'printable' | 'utf8'] => entry[1] !== undefined)
      .map(
        ([type, value, kind]) =>
          new pkijs.AttributeTypeAndValue({
            type,
            value: kind === 'printable' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
          }),
      ),
  });
}

export interface IssueRequest {
  subject: NameParts;
  publicKey: CryptoKey;
  /** The issuer's certificate and key; without them the certificate is self-signed with `selfKey`. */
  issuer: { certificate: pkijs.Certificate; privateKey: CryptoKey } | { selfKey: CryptoKey };
  notBefore: Date;
  notAfter: Date;
  /** A certification authority (basicConstraints cA, keyCertSign and cRLSign) or a signer (nonRepudiation). */
  authority: boolean;
}

const KEY_USAGE = { digitalSignature: 0x80, nonRepudiation: 0x40, keyCertSign: 0x04, cRLSign: 0x02 };

export async function issueCertificate(request: IssueRequest): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({
    valueHex: Uint8Array.from([0x01, ...webcrypto.getRandomValues(new Uint8Array(15))]),
  });
  certificate.subject = distinguishedName(request.subject);
  certificate.issuer = 'selfKey' in request.issuer ? distinguishedName(request.subject) : request.issuer.certificate.subject;
  certificate.notBefore.value = request.notBefore;
  certificate.notAfter.value = request.notAfter;
  await certificate.subjectPublicKeyInfo.importKey(request.publicKey);
  const usage = request.authority
    ? KEY_USAGE.digitalSignature | KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign
    : KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation;
  const keyUsage = new asn1js.BitString({ valueHex: Uint8Array.from([usage]) });
  certificate.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: request.authority }).toSchema().toBER(false),
    }),
    new pkijs.Extension({ extnID: '2.5.29.15', critical: true, extnValue: keyUsage.toBER(false) }),
  ];
  const signingKey = 'selfKey' in request.issuer ? request.issuer.selfKey : request.issuer.privateKey;
  await certificate.sign(signingKey, 'SHA-256');
  return certificate;
}
