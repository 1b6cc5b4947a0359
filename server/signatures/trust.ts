import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as pkijs from 'pkijs';
import { certificatesFromFile } from './certificates.ts';
import { loadTrialAuthority, type TrialAuthority } from './trialAuthority.ts';
import { trustListCertificates } from './trustList.ts';

/**
 * Whom the portal trusts to certify a signer: the certificates of a folder (SIGNATURE_TRUST_DIR), the granted
 * qualified CAs of a trusted list (SIGNATURE_TRUST_LIST), or, with neither, only the trial authority.
 */
export interface SignatureTrust {
  anchors: readonly pkijs.Certificate[];
  /** The trial authority, when it is the one trusted (neither a folder nor a list is configured). */
  trial: TrialAuthority | null;
  /** Its certificate, to tell a trial signature from a real one. */
  trialAnchor: pkijs.Certificate | null;
}

const CERTIFICATE_FILE = /\.(pem|crt|cer)$/i;

async function folderCertificates(folder: string): Promise<pkijs.Certificate[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    throw new Error(`SIGNATURE_TRUST_DIR ${folder}: cannot read the folder (${(error as Error).message})`, { cause: error });
  }
  const certificates: pkijs.Certificate[] = [];
  for (const name of names.filter((entry) => CERTIFICATE_FILE.test(entry)).sort()) {
    const file = path.join(folder, name);
    try {
      certificates.push(...certificatesFromFile(await readFile(file)));
    } catch (error) {
      throw new Error(`SIGNATURE_TRUST_DIR ${file}: not a PEM or DER certificate (${(error as Error).message})`, { cause: error });
    }
  }
  if (certificates.length === 0) throw new Error(`SIGNATURE_TRUST_DIR ${folder}: no .pem, .crt or .cer certificate in the folder`);
  return certificates;
}

async function listCertificates(file: string): Promise<pkijs.Certificate[]> {
  let xml: string;
  try {
    xml = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`SIGNATURE_TRUST_LIST ${file}: cannot read the file (${(error as Error).message})`, { cause: error });
  }
  let certificates: pkijs.Certificate[];
  try {
    certificates = trustListCertificates(xml);
  } catch (error) {
    throw new Error(`SIGNATURE_TRUST_LIST ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (certificates.length === 0) throw new Error(`SIGNATURE_TRUST_LIST ${file}: no granted qualified CA (CA/QC) service in the list`);
  return certificates;
}

export async function loadSignatureTrust(options: {
  trustDir: string | null;
  trustList: string | null;
  dataDir: string;
}): Promise<SignatureTrust> {
  if (options.trustDir === null && options.trustList === null) {
    const { authority, certificate } = await loadTrialAuthority(options.dataDir);
    return { anchors: [certificate], trial: authority, trialAnchor: certificate };
  }
  const anchors = [
    ...(options.trustDir === null ? [] : await folderCertificates(options.trustDir)),
    ...(options.trustList === null ? [] : await listCertificates(options.trustList)),
  ];
  return { anchors, trial: null, trialAnchor: null };
}
