import { today } from '@internationalized/date';
import { FISCAL_CODE_LENGTH } from '../../../domain/fiscalCode.ts';
import { registerOrganizationMessages } from '../../../domain/messages/registerOrganization.ts';
import { organizationFieldLabels as labels } from '../../../domain/organization.ts';
import { DatePicker } from '../../ui/DatePicker.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { grid } from './RegisterOrganization.css.ts';
import { bindText, type RegistrationForm } from './useRegistrationForm.ts';

const r = registerOrganizationMessages;

/** The person the portal deals with for this organisation. */
export function ReferenceFields({ form }: { form: RegistrationForm }) {
  return (
    <section aria-labelledby="reference-heading">
      <h2 id="reference-heading">{r.referenceSection}</h2>
      <div className={grid}>
        <TextField label={labels.contactReference} isRequired autoComplete="name" {...bindText(form, 'contactReference')} />
      </div>
    </section>
  );
}

/**
 * Issue 42: the legal representative, a person named by codice fiscale. Role, place and date of birth are the spec's
 * `role`, `luogo_di_nascita` and `data_di_nascita`; the place of birth is free text (a person may be born abroad or
 * in a comune that no longer exists, which the comune list would not offer).
 */
export function LegalRepresentativeFields({ form }: { form: RegistrationForm }) {
  return (
    <section aria-labelledby="legal-representative-heading">
      <h2 id="legal-representative-heading">{r.legalRepresentativeSection}</h2>
      <p>{r.legalRepresentativeIntro}</p>
      <div className={grid}>
        <TextField label={labels.legaleRappresentanteNome} isRequired {...bindText(form, 'legaleRappresentanteNome')} />
        <TextField label={labels.legaleRappresentanteCognome} isRequired {...bindText(form, 'legaleRappresentanteCognome')} />
        <TextField
          label={labels.legaleRappresentanteCodiceFiscale}
          isRequired
          maxLength={FISCAL_CODE_LENGTH}
          {...bindText(form, 'legaleRappresentanteCodiceFiscale')}
        />
        <TextField
          label={labels.role}
          description={r.legalRepresentativeRoleHint}
          autoComplete="organization-title"
          {...bindText(form, 'role')}
        />
        <TextField label={labels.luogo_di_nascita} {...bindText(form, 'luogo_di_nascita')} />
        <DatePicker
          label={labels.data_di_nascita}
          name="data_di_nascita"
          value={form.values.data_di_nascita}
          maxValue={today('Europe/Rome')}
          onChange={(value) => form.change({ field: 'data_di_nascita', value })}
          onBlur={() => form.touch('data_di_nascita')}
          errorMessage={form.errorOf('data_di_nascita')}
        />
      </div>
    </section>
  );
}
