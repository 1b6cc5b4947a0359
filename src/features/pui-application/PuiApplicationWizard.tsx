import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { messages } from '../../../domain/messages.ts';
import type { PuiApplication } from '../../../domain/pui/puiApplication.ts';
import { PUI_FIELDS } from '../../../domain/pui/puiFields.ts';
import { puiWizardDefinition } from '../../../domain/pui/puiWizard.ts';
import type { FieldOption } from '../../../domain/wizardFields.ts';
import { applicationQueries } from '../../api/applications.ts';
import { callQueries } from '../../api/calls.ts';
import type { AttachmentTransfers } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import {
  useCittaMetropolitane,
  useComuniOfCity,
  useLivelliProgettazione,
  usePuiFinalitaGenerali,
  usePuiObiettiviGenerali,
  usePuiObiettiviSpecifici,
  usePuiOfCity,
  useRegionOfCity,
  useTipologieProgettiFinanziabili,
} from '../../api/puiLookups.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ApplicationWizardView } from '../application-wizard/ApplicationWizardView.tsx';
import { AttachmentsStep, useAttachmentsStatus } from '../application-wizard/AttachmentsStep.tsx';
import { useApplicationWizard, type ApplicationWizardActor } from '../application-wizard/useApplicationWizard.ts';

export interface PuiApplicationWizardProps {
  api: ApiClient;
  transfers: AttachmentTransfers;
  organizationId: string;
  isAdmin: boolean;
  /** The navigation state's numberStep (4 opens Allegati). */
  startStep: number;
}

/**
 * Spec §2 Application wizard PUI: the call's end-of-works limit first (it is a rule of the form), then the
 * wizard machine with the PUI definition, its reference lists and, for admins, the reviewers' warnings.
 */
export function PuiApplicationWizard(props: PuiApplicationWizardProps) {
  const calls = useQuery(callQueries.list(props.api));
  const call = calls.data?.find((item) => item.fund === 'PUI');
  if (calls.isError) {
    return (
      <>
        <Alert tone="error">{calls.error.message}</Alert>
        <Button onPress={() => void calls.refetch()}>{messages.wizard.retry}</Button>
      </>
    );
  }
  if (!call) return <Spinner label={messages.wizard.loading} />;
  return <PuiWizard {...props} endOfWorksLimit={call.endOfWorksLimit} />;
}

function PuiWizard({ api, transfers, organizationId, isAdmin, startStep, endOfWorksLimit }: PuiApplicationWizardProps & { endOfWorksLimit: string }) {
  const actor = useApplicationWizard({ api, definition: puiWizardDefinition, organizationId, isAdmin, startStep, endOfWorksLimit });
  const lookups = usePuiLookups(api, actor);
  const onAttachmentsStatus = useCallback((complete: boolean) => actor.send({ type: 'attachments.status', complete }), [actor]);
  useAttachmentsStatus(api, 'PUI', organizationId, onAttachmentsStatus);
  const compilation = useQuery({ ...applicationQueries.compilation(api, 'PUI', organizationId), enabled: isAdmin });
  return (
    <ApplicationWizardView
      actor={actor}
      fields={PUI_FIELDS}
      lookups={lookups}
      warnings={compilation.data?.warnings ?? []}
      attachments={(readOnly) => (
        <AttachmentsStep api={api} transfers={transfers} fund="PUI" organizationId={organizationId} readOnly={readOnly} />
      )}
    />
  );
}

const none: FieldOption[] = [];

/**
 * The PUI form's reference lists, by the `source` names of PUI_FIELDS: those that depend on a choice (the
 * city, the general objective) are empty until it is made. The region is the city's (spec §3: read-only,
 * derived): it is filled in as soon as the city's region is known.
 */
function usePuiLookups(api: ApiClient, actor: ApplicationWizardActor): Record<string, readonly FieldOption[] | undefined> {
  const values = useSelector(actor, (snapshot) => snapshot.context.values) as PuiApplication;
  const readOnly = useSelector(actor, (snapshot) => snapshot.context.readOnly);
  const city = values.progCittaMetropolitana;
  const objective = values.obbGenerale;

  const cities = useCittaMetropolitane(api);
  const comuni = useComuniOfCity(api, city);
  const region = useRegionOfCity(api, city);
  const plans = usePuiOfCity(api, city);
  const purposes = usePuiFinalitaGenerali(api);
  const objectives = usePuiObiettiviGenerali(api);
  const specificObjectives = usePuiObiettiviSpecifici(api, objective, city);
  const interventionTypes = useTipologieProgettiFinanziabili(api);
  const designLevels = useLivelliProgettazione(api);

  const regionName = city === null ? '' : region.data?.name;
  useEffect(() => {
    if (readOnly || regionName === undefined || regionName === values.progRegione) return;
    actor.send({ type: 'field.change', field: 'progRegione', value: regionName });
  }, [actor, readOnly, regionName, values.progRegione]);

  return {
    cities: cities.data,
    comuniOfCity: city === null ? none : comuni.data,
    puiOfCity: city === null ? none : plans.data,
    finalitaGenerali: purposes.data,
    obiettiviGenerali: objectives.data,
    obiettiviSpecifici: city === null || objective === null ? none : specificObjectives.data,
    tipiIntervento: interventionTypes.data,
    designLevels: designLevels.data,
  };
}
