import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { profileMessages } from '../../../domain/messages/profile.ts';
import { organizationFieldLabels, type OrganizationDetail } from '../../../domain/organization.ts';
import { fieldEditMachine } from '../../../machines/field-edit/fieldEdit.machine.ts';
import { selectFieldEditView } from '../../../machines/field-edit/selectors.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';
import { Alert } from '../../ui/Alert.tsx';
import { EditableRow } from '../../ui/EditableRow.tsx';
import { fieldList, section } from './OrganizationProfile.css.ts';
import { profileFields } from './profileFields.ts';
import { ProfileFieldRow } from './ProfileFieldRow.tsx';
import { profileValuesOf } from './profileValues.ts';
import { createSaveProfileField } from './saveProfileField.ts';
import { inspect } from '../../devtools/inspect.ts';

const m = profileMessages;
const noop = () => undefined;

/** The profile's data: read-only rows, each with Modifica when the person may edit (spec §2). */
export function ProfileFields({ detail, isEditable }: { detail: OrganizationDetail; isEditable: boolean }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const queryClient = useQueryClient();
  const headingId = useId();

  const machine = useMemo(
    () =>
      fieldEditMachine.provide({
        actors: {
          saveField: createSaveProfileField({
            api,
            organizationId: detail.id,
            onSaved: (saved) => {
              // Show the stored profile at once (names of region, legal form…), then reload it as spec §7 asks.
              queryClient.setQueryData(organizationProfileQueries.detail(api, saved.id).queryKey, saved);
              void queryClient.invalidateQueries({ queryKey: organizationProfileQueries.all });
            },
          }),
        },
      }),
    [api, detail.id, queryClient],
  );
  const actor = useActorRef(machine, { inspect, input: { values: profileValuesOf(detail) } });
  useEffect(() => {
    actor.send({ type: 'values.sync', values: profileValuesOf(detail) });
  }, [actor, detail]);

  const { outcome, failure } = useSelector(actor, selectFieldEditView, shallowEqual);

  return (
    <section aria-labelledby={headingId} className={section}>
      <h2 id={headingId}>{m.dataSection}</h2>
      {outcome === 'saved' ? <Alert tone="success">{m.saved}</Alert> : null}
      {outcome === 'rejected' ? (
        <Alert tone="error" title={m.saveFailed}>
          {failure !== null && failure !== m.saveFailed ? failure : null}
        </Alert>
      ) : null}
      <div className={fieldList}>
        <EditableRow
          label={organizationFieldLabels.pIva ?? 'P.IVA'}
          value={detail.pIva}
          hint={isEditable ? m.pIvaReadOnlyHint : undefined}
          isEditable={false}
          isOpen={false}
          canSave={false}
          isSaving={false}
          onEdit={noop}
          onCancel={noop}
          onSave={noop}
        />
        {profileFields
          .filter((field) => field.section === undefined)
          .map((field) => (
            <ProfileFieldRow key={field.id} field={field} detail={detail} actor={actor} isEditable={isEditable} />
          ))}
      </div>
      <h3 id={`${headingId}-legal`}>{m.legalRepresentativeSection}</h3>
      <div className={fieldList} role="group" aria-labelledby={`${headingId}-legal`}>
        {profileFields
          .filter((field) => field.section === 'legalRepresentative')
          .map((field) => (
            <ProfileFieldRow key={field.id} field={field} detail={detail} actor={actor} isEditable={isEditable} />
          ))}
      </div>
    </section>
  );
}
