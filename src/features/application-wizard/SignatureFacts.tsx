import type { DomandaSignature } from '../../../domain/domandaSignature.ts';
import { italianDateTime } from '../../../domain/italianDates.ts';
import { domandaSignatureMessages } from '../../../domain/messages/domandaSignature.ts';
import * as styles from './SignatureFacts.css.ts';

const m = domandaSignatureMessages;

export interface SignatureFactsProps {
  signature: DomandaSignature;
}

/**
 * What the verification of a signed Domanda found (issue 43): verified (or stale), a trial signature's warning,
 * each signer with their codice fiscale, the certification authority, when they signed and the format. Shown on
 * the submit step's slot and to the administrators.
 */
export function SignatureFacts({ signature }: SignatureFactsProps) {
  const issuers = [...new Set(signature.signers.map((signer) => signer.issuer))];
  const times = signature.signers.map((signer) => (signer.signingTime ? italianDateTime(signer.signingTime) : m.noSigningTime));
  return (
    <>
      <p className={styles.badges}>
        {signature.stale ? (
          <span className={styles.staleBadge}>{m.stale}</span>
        ) : (
          <span className={styles.verifiedBadge}>{m.verified}</span>
        )}
        {signature.trial ? <span className={styles.trialBadge}>{m.trialBadge}</span> : null}
      </p>
      <dl className={styles.facts}>
        <dt className={styles.term}>{m.signedBy}</dt>
        <dd className={styles.definition}>
          {signature.signers.map((signer) => (
            <span key={signer.fiscalCode} className={styles.signer}>
              {m.signerLine(signer.name, signer.fiscalCode)}
            </span>
          ))}
        </dd>
        <dt className={styles.term}>{m.issuer}</dt>
        <dd className={styles.definition}>{issuers.join(', ')}</dd>
        <dt className={styles.term}>{m.signingTime}</dt>
        <dd className={styles.definition}>{[...new Set(times)].join(', ')}</dd>
        <dt className={styles.term}>{m.format}</dt>
        <dd className={styles.definition}>{m.formats[signature.format]}</dd>
      </dl>
      <p>{m.uploadedBy(signature.uploadedByName, italianDateTime(signature.uploadedAt))}</p>
    </>
  );
}
