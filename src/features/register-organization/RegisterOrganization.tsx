import { shallowEqual, useSelector } from '@xstate/react';
import { useRef, type FormEvent } from 'react';
import { organizationMessages } from '../../../domain/messages/organization.ts';
import { registerOrganizationMessages } from '../../../domain/messages/registerOrganization.ts';
import { selectRegisterOrganizationView } from '../../../machines/register-organization/selectors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Form } from '../../ui/Form.tsx';
import { Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AddressFields } from './AddressFields.tsx';
import { ContactFields } from './ContactFields.tsx';
import { IdentityFields } from './IdentityFields.tsx';
import { LegalRepresentativeFields, ReferenceFields } from './ReferenceFields.tsx';
import { actions, form as formStyle, requiredHint } from './RegisterOrganization.css.ts';
import { toCreateOrganizationPayload } from './registrationPayload.ts';
import { hasRequiredFields } from './registrationValidation.ts';
import { useRegisterOrganization } from './useRegisterOrganization.ts';
import { useRegistrationForm } from './useRegistrationForm.ts';

const r = registerOrganizationMessages;
const REQUIRED_HINT_ID = 'register-required-hint';

/** Spec §2 /register-org and §5: the organisation registration form. */
export function RegisterOrganization({ carriedPIva }: { carriedPIva: string | null }) {
  const actor = useRegisterOrganization();
  const { isBusy, submitAttempted, serverErrors, failure } = useSelector(actor, selectRegisterOrganizationView, shallowEqual);
  const { form, hasClientErrors } = useRegistrationForm({
    initialPIva: carriedPIva ?? '',
    submitAttempted,
    serverErrors,
    onFieldChange: (field) => actor.send({ type: 'field.change', field }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const canSubmit = hasRequiredFields(form.values) && !isBusy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit', payload: toCreateOrganizationPayload(form.values) });
    if (!actor.getSnapshot().matches('editing')) return;
    // Refused before sending: take the person to the first field that needs them, once it shows its message.
    window.requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] button, [data-invalid] input')?.focus();
    });
  };

  return (
    <>
      <h1 id="register-title">{r.title}</h1>
      <p>{r.intro}</p>
      {carriedPIva === null ? null : (
        <p>
          <Link to="/flow-organization">{r.changePIva}</Link>
        </p>
      )}
      <div className={formStyle}>
        <Form ref={formRef} onSubmit={submit} aria-labelledby="register-title">
          <IdentityFields form={form} pIvaIsCarried={carriedPIva !== null} />
          <ContactFields form={form} />
          <AddressFields form={form} />
          <ReferenceFields form={form} />
          <LegalRepresentativeFields form={form} />
          <section aria-labelledby="privacy-heading">
            <h2 id="privacy-heading">{r.privacySection}</h2>
            <Checkbox
              name="privacy"
              isRequired
              isSelected={form.values.privacy}
              onChange={(value) => {
                form.change({ field: 'privacy', value });
                form.touch('privacy');
              }}
              errorMessage={form.errorOf('privacy')}
            >
              {r.privacyAccept}
            </Checkbox>
          </section>

          {submitAttempted && hasClientErrors ? <Alert tone="error">{r.fixErrors}</Alert> : null}
          {failure === null ? null : (
            <Alert tone="error" title={failure.kind === 'notRegistered' ? organizationMessages.createFailed : r.callFailed}>
              {failure.message}
            </Alert>
          )}

          <div className={actions}>
            <Button type="submit" isDisabled={!canSubmit} aria-describedby={canSubmit ? undefined : REQUIRED_HINT_ID}>
              {isBusy ? r.submitting : r.submit}
            </Button>
            {/* Not the button's isPending: its announcement points at the button, gone after the move to /calls. */}
            {isBusy ? <Spinner label={r.submitting} /> : null}
            {canSubmit || isBusy ? null : (
              <p id={REQUIRED_HINT_ID} className={requiredHint}>
                {r.requiredHint}
              </p>
            )}
          </div>
        </Form>
      </div>
    </>
  );
}
