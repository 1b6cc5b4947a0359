import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { today } from '@internationalized/date';
import { connectMessages } from '../../../domain/messages/connect.ts';
import { registerOrganizationMessages } from '../../../domain/messages/registerOrganization.ts';
import { DESCRIPTION_MAX_LENGTH, FORMA_GIURIDICA_ALTRO_ID, organizationFieldLabels as labels } from '../../../domain/organization.ts';
import { typologyQueries } from '../../api/typology.ts';
import { DatePicker } from '../../ui/DatePicker.tsx';
import { Select } from '../../ui/Select.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { grid, wide } from './RegisterOrganization.css.ts';
import { bindText, type RegistrationForm } from './useRegistrationForm.ts';

const r = registerOrganizationMessages;

/** Who the organisation is: name, legal form, VAT and ATECO codes, public participation, description. */
export function IdentityFields({ form, pIvaIsCarried }: { form: RegistrationForm; pIvaIsCarried: boolean }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const formeGiuridiche = useQuery(typologyQueries.formeGiuridiche(api));
  const { values } = form;

  return (
    <section aria-labelledby="identity-heading">
      <h2 id="identity-heading">{r.identitySection}</h2>
      <div className={grid}>
        <div className={wide}>
          <TextField label={labels.name} isRequired autoComplete="organization" {...bindText(form, 'name')} />
        </div>
        <TextField
          label={labels.pIva}
          isRequired
          isReadOnly={pIvaIsCarried}
          inputMode="numeric"
          description={pIvaIsCarried ? r.pIvaCarried : connectMessages.vatDescription}
          {...bindText(form, 'pIva')}
        />
        <TextField label={labels.codiceAteco} isRequired description={r.codiceAtecoHint} {...bindText(form, 'codiceAteco')} />
        <Select
          label={labels.formaGiuridica}
          name="formaGiuridica"
          isRequired
          lookup={formeGiuridiche}
          value={values.formaGiuridica}
          onChange={(value) => form.change({ field: 'formaGiuridica', value: value === null ? null : Number(value) })}
          onBlur={() => form.touch('formaGiuridica')}
          errorMessage={form.errorOf('formaGiuridica')}
        />
        {values.formaGiuridica === FORMA_GIURIDICA_ALTRO_ID ? (
          <TextField label={labels.altro} isRequired {...bindText(form, 'altro')} />
        ) : null}
        <TextField label={labels.codiceFiscale} description={r.codiceFiscaleHint} autoComplete="off" {...bindText(form, 'codiceFiscale')} />
        <TextField label={labels.natura_del_soggetto_proponente} {...bindText(form, 'natura_del_soggetto_proponente')} />
        <DatePicker
          label={labels.data_di_costituzione}
          name="data_di_costituzione"
          value={values.data_di_costituzione}
          maxValue={today('Europe/Rome')}
          onChange={(value) => form.change({ field: 'data_di_costituzione', value })}
          onBlur={() => form.touch('data_di_costituzione')}
          errorMessage={form.errorOf('data_di_costituzione')}
        />
        <div className={wide}>
          <Switch isSelected={values.publicParticipation} onChange={(value) => form.change({ field: 'publicParticipation', value })}>
            {labels.publicParticipation}
          </Switch>
          {values.publicParticipation ? (
            <TextField
              label={labels.percentParticipation}
              isRequired
              inputMode="numeric"
              description={r.percentHint}
              {...bindText(form, 'percentParticipation')}
            />
          ) : null}
        </div>
        <div className={wide}>
          <TextAreaField
            label={labels.description}
            isRequired
            maxLength={DESCRIPTION_MAX_LENGTH}
            description={r.descriptionHint}
            {...bindText(form, 'description')}
          />
        </div>
      </div>
    </section>
  );
}
