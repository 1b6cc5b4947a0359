import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import type { DomandaSignature } from '../../../domain/domandaSignature.ts';
import { domandaSignatureMessages } from '../../../domain/messages/domandaSignature.ts';
import type { ApiClient } from '../../api/client.ts';
import { domandaQueries, downloadSignedDomanda } from '../../api/domanda.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { SignatureFacts } from './SignatureFacts.tsx';
import * as styles from './DomandaSignatureSection.css.ts';

const m = domandaSignatureMessages;

/**
 * The signed Domanda as the administrators read it (issue 43): who signed, the authority, when, the format, a
 * trial signature's warning, and the signed file to download. Nothing while the call requires no signature and
 * none was uploaded.
 */
export function SignedDomandaPanel({ api, fund, organizationId }: { api: ApiClient; fund: Fund; organizationId: string }) {
  const titleId = useId();
  const status = useQuery(domandaQueries.status(api, fund, organizationId));
  const download = useMutation({ mutationFn: (signature: DomandaSignature) => downloadSignedDomanda(api, signature) });
  if (!status.data || (!status.data.signatureRequired && !status.data.signature)) return null;
  const { signature } = status.data;
  return (
    <section aria-labelledby={titleId} className={styles.slot}>
      <h2 id={titleId} className={styles.slotTitle}>
        {m.slotTitle}
      </h2>
      {signature ? (
        <>
          <SignatureFacts signature={signature} />
          <Button variant="secondary" onPress={() => download.mutate(signature)} isDisabled={download.isPending}>
            {m.downloadSigned}
          </Button>
          {download.isError ? <Alert tone="error">{download.error.message}</Alert> : null}
        </>
      ) : (
        <p>{m.notSigned}</p>
      )}
    </section>
  );
}
