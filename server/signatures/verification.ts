import type * as pkijs from 'pkijs';
import { normaliseFiscalCode } from '../../domain/fiscalCode.ts';
import { signatureChecksMessages } from '../../domain/messages/signatureChecks.ts';
import { issuerName, sameCertificate, subjectFiscalCode, subjectPersonName, validAt } from './certificates.ts';
import { validateChain } from './chain.ts';
import { carriedCertificates, type CheckedSignerInfo, checkSignerInfos, envelopedContent, readSignedData } from './cms.ts';
import { readPadesFile } from './pades.ts';
import { addsOnlySignatures } from './signatureOnlyUpdate.ts';
import type { SignatureTrust } from './trust.ts';

/**
 * Checks a Domanda the legal representative signed (CAdES .p7m or PAdES PDF) before it is handed over, in this order:
 * it is signed; every signature is cryptographically valid; it signs exactly the Domanda (PAdES: adding nothing but
 * signatures); every signer's certificate carries a codice fiscale of a legal representative (and every one of them
 * has signed, where they represent the organisation only together); each certificate was valid at the signing time
 * and chains to a trusted authority. Revocation (CRL, OCSP) is not checked.
 */
export type SignatureFormat = 'CAdES' | 'PAdES';

export interface VerifiedSigner {
  /** As a person reads it: given name and surname from the certificate (GN + SN), else its CN. */
  name: string;
  /** The signer's codice fiscale, normalised (16 characters, upper case). */
  fiscalCode: string;
  /** The issuing authority as a person reads it (issuer CN, else O). */
  issuer: string;
  /** The signing-time signed attribute, null when the signature has none. */
  signingTime: Date | null;
}

export type SignatureRefusal =
  | 'not_signed'
  | 'signature_invalid'
  | 'different_document'
  | 'pdf_modified'
  | 'no_fiscal_code'
  | 'not_legal_representative'
  | 'joint_signature_missing'
  | 'certificate_not_valid'
  | 'untrusted_authority';

export type SignatureVerdict =
  | { ok: true; format: SignatureFormat; signers: VerifiedSigner[]; /** every signer chains to the trial authority */ trial: boolean }
  | { ok: false; refusal: SignatureRefusal; message: string };

const refuse = (refusal: SignatureRefusal): SignatureVerdict => ({
  ok: false,
  refusal,
  message: signatureChecksMessages[refusal],
});

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

interface SignerToCheck extends CheckedSignerInfo {
  intermediates: pkijs.Certificate[];
}

/** What step 1 to 3 found: the format and the signers whose signature is valid over exactly the Domanda. */
type ContentOutcome = { ok: true; format: SignatureFormat; signers: SignerToCheck[] } | { ok: false; refusal: SignatureRefusal };

async function checkCades(signedData: pkijs.SignedData, domanda: Uint8Array): Promise<ContentOutcome> {
  const content = envelopedContent(signedData);
  if (!content) return { ok: false, refusal: 'not_signed' };
  const checked = await checkSignerInfos(signedData, null);
  if (!checked) return { ok: false, refusal: 'signature_invalid' };
  if (!sameBytes(content, domanda)) return { ok: false, refusal: 'different_document' };
  const signers = checked.map((signer) => ({ ...signer, intermediates: carriedCertificates(signedData, signer.certificate) }));
  return { ok: true, format: 'CAdES', signers };
}

async function checkPades(file: Uint8Array, domanda: Uint8Array): Promise<ContentOutcome | null> {
  const pdf = await readPadesFile(file);
  if (!pdf) return null;
  if (pdf.unreadable > 0) return { ok: false, refusal: 'signature_invalid' };
  const signers: SignerToCheck[] = [];
  for (const signature of pdf.signatures) {
    // A PAdES signature signs the byte range: one that carries content of its own would be checked against that.
    if (envelopedContent(signature.signedData)) return { ok: false, refusal: 'signature_invalid' };
    const checked = await checkSignerInfos(signature.signedData, signature.signedBytes);
    if (!checked) return { ok: false, refusal: 'signature_invalid' };
    signers.push(...checked.map((signer) => ({ ...signer, intermediates: carriedCertificates(signature.signedData, signer.certificate) })));
  }
  const first = pdf.signatures[0]!;
  const last = pdf.signatures.at(-1)!;
  if (file.length < domanda.length || !sameBytes(file.subarray(0, domanda.length), domanda) || first.contentsStart < domanda.length) {
    return { ok: false, refusal: 'different_document' };
  }
  if (last.end !== file.length || !(await addsOnlySignatures(domanda, pdf.document))) return { ok: false, refusal: 'pdf_modified' };
  return { ok: true, format: 'PAdES', signers };
}

export async function verifySignedDomanda(input: {
  file: Uint8Array;
  domanda: Uint8Array;
  /** The codici fiscali of the organisation's legal representatives: every signer must be one of them. */
  legalRepresentatives: readonly string[];
  /** Joint representation (firma congiunta): every one of them must have signed, not only some. */
  allMustSign?: boolean;
  trust: SignatureTrust;
  now?: Date;
}): Promise<SignatureVerdict> {
  const signedData = readSignedData(input.file);
  const content = signedData ? await checkCades(signedData, input.domanda) : await checkPades(input.file, input.domanda);
  if (!content) return refuse('not_signed');
  if (!content.ok) return refuse(content.refusal);

  const representatives = new Set(input.legalRepresentatives.map(normaliseFiscalCode));
  const fiscalCodes: string[] = [];
  for (const signer of content.signers) {
    const fiscalCode = subjectFiscalCode(signer.certificate);
    if (!fiscalCode) return refuse('no_fiscal_code');
    if (!representatives.has(fiscalCode)) return refuse('not_legal_representative');
    fiscalCodes.push(fiscalCode);
  }
  if (input.allMustSign && [...representatives].some((code) => !fiscalCodes.includes(code))) return refuse('joint_signature_missing');

  let trial = true;
  for (const signer of content.signers) {
    const at = signer.signingTime ?? input.now ?? new Date();
    if (!validAt(signer.certificate, at)) return refuse('certificate_not_valid');
    const chain = await validateChain({
      signer: signer.certificate,
      intermediates: signer.intermediates,
      anchors: input.trust.anchors,
      at,
    });
    if (!chain.ok) return refuse(chain.reason === 'not_valid' ? 'certificate_not_valid' : 'untrusted_authority');
    const anchor = chain.path.at(-1);
    if (!input.trust.trialAnchor || !anchor || !sameCertificate(anchor, input.trust.trialAnchor)) trial = false;
  }

  return {
    ok: true,
    format: content.format,
    trial,
    signers: content.signers.map((signer, index) => ({
      name: subjectPersonName(signer.certificate),
      fiscalCode: fiscalCodes[index]!,
      issuer: issuerName(signer.certificate),
      signingTime: signer.signingTime,
    })),
  };
}
