import { memberRoleMessages as r } from '../../../domain/messages/memberRoles.ts';
import type { OrganizationDetail } from '../../../domain/organization.ts';
import { Alert } from '../../ui/Alert.tsx';

/**
 * What the organisation page tells a member of their own standing (issue 42): their role and what it lets them do
 * when they are not a Referente (the profile, the members and the invitations are then read-only), and whether they
 * are recognised as the legal representative by the codice fiscale of their account.
 */
export function RoleNotice({ detail }: { detail: Pick<OrganizationDetail, 'myRole' | 'isLegalRepresentative'> }) {
  const { myRole } = detail;
  if (myRole === null) return null;
  return (
    <>
      {myRole === 'viewer' ? <Alert tone="info">{r.readOnlyExplanation}</Alert> : null}
      {myRole === 'editor' ? (
        <Alert tone="info">
          {r.yourRole(myRole)} {r.manageOnlyReferents}
        </Alert>
      ) : null}
      {detail.isLegalRepresentative ? <p>{r.youAreLegalRepresentative}</p> : null}
    </>
  );
}
