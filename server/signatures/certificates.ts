import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { fiscalCodeProblem, normaliseFiscalCode } from '../../domain/fiscalCode.ts';

/** The X.520 attribute types a certificate's subject or issuer name is read by. */
export const NAME_OID = {
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  givenName: '2.5.4.42',
} as const;

/** The first value of an attribute type in a name (subject or issuer), or null. */
export function nameAttribute(name: pkijs.RelativeDistinguishedNames, oid: string): string | null {
  const found = name.typesAndValues.find((entry) => entry.type === oid);
  if (!found) return null;
  const value = (found.value as { valueBlock?: { value?: unknown } }).valueBlock?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The holder as a person reads it: given name and surname, else the common name. */
export function subjectPersonName(certificate: pkijs.Certificate): string {
  const given = nameAttribute(certificate.subject, NAME_OID.givenName);
  const surname = nameAttribute(certificate.subject, NAME_OID.surname);
  if (given && surname) return `${given} ${surname}`;
  return nameAttribute(certificate.subject, NAME_OID.commonName) ?? [given, surname].filter(Boolean).join(' ');
}

/** The issuing authority as a person reads it: its common name, else its organisation. */
export function issuerName(certificate: pkijs.Certificate): string {
  return nameAttribute(certificate.issuer, NAME_OID.commonName) ?? nameAttribute(certificate.issuer, NAME_OID.organization) ?? '';
}

/**
 * The holder's codice fiscale from the subject's serialNumber: `TINIT-<CF>` as qualified certificates carry it
 * (ETSI EN 319 412-1), `IT:<CF>` as some older Italian ones do, or the bare 16 characters; null without a valid one.
 */
export function subjectFiscalCode(certificate: pkijs.Certificate): string | null {
  const serial = nameAttribute(certificate.subject, NAME_OID.serialNumber);
  if (!serial) return null;
  const code = normaliseFiscalCode(serial).replace(/^IT:/, '');
  return fiscalCodeProblem(code) === null ? code : null;
}

/** Whether the certificate was valid at that moment (neither expired nor not yet valid). */
export function validAt(certificate: pkijs.Certificate, at: Date): boolean {
  return certificate.notBefore.value.getTime() <= at.getTime() && at.getTime() <= certificate.notAfter.value.getTime();
}

export const sameCertificate = (a: pkijs.Certificate, b: pkijs.Certificate): boolean =>
  Buffer.from(a.tbsView).equals(Buffer.from(b.tbsView));

export function certificateFromDer(der: Uint8Array): pkijs.Certificate {
  const asn1 = asn1js.fromBER(Uint8Array.from(der));
  if (asn1.offset === -1) throw new Error('not DER');
  return new pkijs.Certificate({ schema: asn1.result });
}

export const certificateToDer = (certificate: pkijs.Certificate): Uint8Array => new Uint8Array(certificate.toSchema(true).toBER(false));

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+?)-----END CERTIFICATE-----/g;

/** Every certificate of a PEM text (one or more blocks) or of one DER certificate; throws when there is none. */
export function certificatesFromFile(content: Uint8Array): pkijs.Certificate[] {
  const text = Buffer.from(content).toString('latin1');
  const blocks = [...text.matchAll(PEM_BLOCK)].map((match) => Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64'));
  if (blocks.length > 0) return blocks.map((der) => certificateFromDer(der));
  if (text.includes('-----BEGIN')) throw new Error('no PEM CERTIFICATE block in it');
  return [certificateFromDer(content)];
}

export const certificateToPem = (certificate: pkijs.Certificate): string =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(certificateToDer(certificate))
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END CERTIFICATE-----\n`;
