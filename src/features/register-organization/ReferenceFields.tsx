import { today } from '@internationalized/date';
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
        <TextField label={labels.role} autoComplete="organization-title" {...bindText(form, 'role')} />
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
