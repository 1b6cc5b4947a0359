import { randomUUID, webcrypto } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile, link } from 'node:fs/promises';
import path from 'node:path';
import type * as pkijs from 'pkijs';
import { normaliseFiscalCode } from '../../domain/fiscalCode.ts';
import { signatureChecksMessages } from '../../domain/messages/signatureChecks.ts';
import { signCms } from './cadesSigning.ts';
import { certificatesFromFile, certificateToPem } from './certificates.ts';
import { generateKeys, issueCertificate, KEY_PARAMS } from './issuing.ts';

/**
 * The trial signing authority: without a trust folder or list (a trial or a demonstration), the portal signs the
 * Domanda itself for the person, with a certificate this authority issues, and trusts only this authority. Such a
 * signature has no legal value ("firma di prova, senza valore legale").
 */
export interface TrialAuthority {
  /**
   * Signs the PDF as CAdES-BES (.p7m, enveloping) with a fresh certificate issued to each person at `at`: one
   * signature each, in parallel (two legal representatives who sign together).
   */
  sign(pdf: Uint8Array, signers: readonly TrialSigner[], at: Date): Promise<Uint8Array>;
}

export interface TrialSigner {
  givenName: string;
  surname: string;
  fiscalCode: string;
}

const AUTHORITY_FILE = 'trial-authority.pem';
const ALGORITHM = 'ECDSA';
const DAY_MS = 24 * 3600 * 1000;
const MINUTE_MS = 60 * 1000;

interface AuthorityKeys {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
}

const pem = (label: string, der: ArrayBuffer | Uint8Array): string =>
  `-----BEGIN ${label}-----\n${Buffer.from(der as ArrayBuffer)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END ${label}-----\n`;

async function createAuthority(): Promise<string> {
  const keys = await generateKeys(ALGORITHM);
  const now = Date.now();
  const certificate = await issueCertificate({
    subject: {
      commonName: signatureChecksMessages.trialAuthorityName,
      organization: signatureChecksMessages.trialAuthorityOrganization,
      country: 'IT',
    },
    publicKey: keys.publicKey,
    issuer: { selfKey: keys.privateKey },
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 10 * 365 * DAY_MS),
    authority: true,
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return pem('PRIVATE KEY', pkcs8) + certificateToPem(certificate);
}

async function readAuthority(file: string): Promise<AuthorityKeys> {
  const content = await readFile(file);
  const key = /-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----/.exec(content.toString('latin1'));
  const [certificate] = certificatesFromFile(content);
  if (!key || !certificate) throw new Error(`${file}: the trial authority's file lacks its key or its certificate`);
  const privateKey = await webcrypto.subtle.importKey(
    'pkcs8',
    Buffer.from(key[1]!.replace(/\s+/g, ''), 'base64'),
    KEY_PARAMS[ALGORITHM],
    false,
    ['sign'],
  );
  return { certificate, privateKey };
}

/**
 * The authority kept in `${dataDir}/signatures/`, created at first use. The file appears whole or not at all (written
 * aside, then hard-linked under its name, which fails when another process got there first: this one then reads
 * that one's), so two processes starting together end with one authority.
 */
async function loadOrCreate(dataDir: string): Promise<AuthorityKeys> {
  const folder = path.join(dataDir, 'signatures');
  const file = path.join(folder, AUTHORITY_FILE);
  try {
    return await readAuthority(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const aside = path.join(folder, `.${AUTHORITY_FILE}.${randomUUID()}`);
  await writeFile(aside, await createAuthority(), { mode: 0o600, flag: 'wx' });
  try {
    await link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(aside);
  }
  return readAuthority(file);
}

export async function loadTrialAuthority(dataDir: string): Promise<{ authority: TrialAuthority; certificate: pkijs.Certificate }> {
  const ca = await loadOrCreate(dataDir);
  const authority: TrialAuthority = {
    async sign(pdf, signers, at) {
      const issued = await Promise.all(signers.map((signer) => issueTo(ca, signer, at)));
      return signCms({ content: pdf, detached: false, signers: issued, signingTime: at });
    },
  };
  return { authority, certificate: ca.certificate };
}

/** A certificate of the trial authority for one person, valid from a minute before `at` for a year, with its key. */
async function issueTo(ca: AuthorityKeys, signer: TrialSigner, at: Date) {
  const keys = await generateKeys(ALGORITHM);
  const fiscalCode = normaliseFiscalCode(signer.fiscalCode);
  const certificate = await issueCertificate({
    subject: {
      commonName: `${signer.givenName} ${signer.surname}`,
      givenName: signer.givenName,
      surname: signer.surname,
      serialNumber: `TINIT-${fiscalCode}`,
      country: 'IT',
    },
    publicKey: keys.publicKey,
    issuer: { certificate: ca.certificate, privateKey: ca.privateKey },
    notBefore: new Date(at.getTime() - MINUTE_MS),
    notAfter: new Date(at.getTime() + 365 * DAY_MS),
    authority: false,
  });
  return { privateKey: keys.privateKey, certificate };
}
