import { registerOrganizationMessages } from '../../../domain/messages/registerOrganization.ts';
import { organizationFieldLabels as labels, TELEPHONE_MAX_LENGTH } from '../../../domain/organization.ts';
import { TextField } from '../../ui/TextField.tsx';
import { grid } from './RegisterOrganization.css.ts';
import { bindText, type RegistrationForm } from './useRegistrationForm.ts';

const r = registerOrganizationMessages;

/** How to reach the organisation. */
export function ContactFields({ form }: { form: RegistrationForm }) {
  return (
    <section aria-labelledby="contacts-heading">
      <h2 id="contacts-heading">{r.contactsSection}</h2>
      <div className={grid}>
        <TextField label={labels.email} type="email" isRequired autoComplete="email" {...bindText(form, 'email')} />
        <TextField label={labels.pec} type="email" autoComplete="off" {...bindText(form, 'pec')} />
        <TextField
          label={labels.telephone}
          type="tel"
          isRequired
          autoComplete="tel"
          maxLength={TELEPHONE_MAX_LENGTH}
          description={r.telephoneHint}
          {...bindText(form, 'telephone')}
        />
        <TextField label={labels.website} type="url" autoComplete="url" description={r.websiteHint} {...bindText(form, 'website')} />
      </div>
    </section>
  );
}
