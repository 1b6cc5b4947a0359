import * as pkijs from 'pkijs';

/**
 * The chain from a signer's certificate to a trusted anchor, by pkijs's CertificateChainValidationEngine at the
 * signing time: names, signatures, validity periods, basic constraints and key usage of the authorities.
 *
 * Known limitation: revocation is not checked (no CRL is fetched, no OCSP asked), so a certificate revoked before
 * the signature still passes. The engine skips revocation when given no CRL and no OCSP response.
 */
export type ChainOutcome = { ok: true; path: pkijs.Certificate[] } | { ok: false; reason: 'not_valid' | 'untrusted' };

/** The engine's result code for a certificate of the path outside its validity period at the check date. */
const VALIDITY_PERIOD_CODE = 8;

export async function validateChain(options: {
  signer: pkijs.Certificate;
  intermediates: readonly pkijs.Certificate[];
  anchors: readonly pkijs.Certificate[];
  at: Date;
}): Promise<ChainOutcome> {
  if (options.anchors.length === 0) return { ok: false, reason: 'untrusted' };
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: [...options.anchors],
    // The engine takes the last certificate as the one to validate.
    certs: [...options.intermediates, options.signer],
    checkDate: options.at,
  });
  try {
    const result = await engine.verify({ passedWhenNotRevValues: true });
    if (result.result) return { ok: true, path: result.certificatePath ?? [] };
    return { ok: false, reason: result.resultCode === VALIDITY_PERIOD_CODE ? 'not_valid' : 'untrusted' };
  } catch {
    return { ok: false, reason: 'untrusted' };
  }
}
