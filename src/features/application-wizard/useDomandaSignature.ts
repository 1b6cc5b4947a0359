import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { createDomandaSignatureActors } from '../../../machines/domanda-signature/actors.ts';
import { domandaSignatureMachine } from '../../../machines/domanda-signature/domandaSignature.machine.ts';
import { selectDomandaSignatureView, type DomandaSignatureView } from '../../../machines/domanda-signature/selectors.ts';
import type { ChosenSignedFile } from '../../../machines/domanda-signature/types.ts';
import type { AttachmentTransfers } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { downloadDomanda, getDomandaStatus, trialSignDomanda } from '../../api/domanda.ts';
import { inspect } from '../../devtools/inspect.ts';

export interface DomandaSignatureControls {
  view: DomandaSignatureView;
  download(): void;
  upload(file: File): void;
  trialSign(): void;
  retry(): void;
}

/**
 * The submit step's signature section (issue 43): the domanda-signature machine wired to the API. `savedAt` is
 * the wizard's last stored save: each new one makes the Domanda again (the PDF is the stored application's).
 * `onSatisfied` tells the wizard whether the signed file signs the application as it is.
 */
export function useDomandaSignature(options: {
  api: ApiClient;
  transfers: AttachmentTransfers;
  organizationId: string;
  fund: Fund;
  savedAt: string | null;
  onSatisfied(satisfied: boolean): void;
}): DomandaSignatureControls {
  const { api, transfers, organizationId, fund, savedAt, onSatisfied } = options;
  const actor = useActorRef(
    domandaSignatureMachine.provide({
      actors: createDomandaSignatureActors({
        loadStatus: () => getDomandaStatus(api, organizationId, fund),
        downloadDomanda: (input) => downloadDomanda(api, organizationId, fund, input.fileName),
        uploadSigned: (input) => transfers.uploadSignedDomanda({ orgId: organizationId, fund, file: input.file as File }),
        trialSign: () => trialSignDomanda(api, organizationId, fund),
      }),
    }),
    { inspect, input: { organizationId, fund } },
  );
  const view = useSelector(actor, selectDomandaSignatureView, shallowEqual);

  // A save stored after the section opened changes the Domanda: it is made again (the first read is the machine's own).
  useEffect(() => {
    if (savedAt !== null) actor.send({ type: 'domanda.refresh' });
  }, [actor, savedAt]);

  useEffect(() => {
    onSatisfied(view.satisfied);
  }, [onSatisfied, view.satisfied]);

  return {
    view,
    download: () => actor.send({ type: 'domanda.download' }),
    upload: (file: File) => actor.send({ type: 'domanda.upload', file: file satisfies ChosenSignedFile }),
    trialSign: () => actor.send({ type: 'domanda.trialSign' }),
    retry: () => actor.send({ type: 'domanda.refresh' }),
  };
}
