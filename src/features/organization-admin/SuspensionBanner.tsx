import { useId } from 'react';
import { suspensionMessages as m } from '../../../domain/messages/suspension.ts';
import type { UserOrganization } from '../../../domain/user.ts';
import { banner, box, heading } from '../../ui/WarningBanner.css.ts';
import { text } from './SuspensionBanner.css.ts';

function Suspended({ organization }: { organization: UserOrganization }) {
  const headingId = useId();
  return (
    <section className={banner} aria-labelledby={headingId}>
      <div className={box}>
        <h2 id={headingId} className={heading}>
          {m.bannerTitle(organization.name)}
        </h2>
        <p className={text}>{m.bannerText}</p>
        {organization.suspensionReason ? <p className={text}>{m.bannerReason(organization.suspensionReason)}</p> : null}
      </div>
    </section>
  );
}

/**
 * Under the header, on every page a member opens (the authenticated layout): each of their organisations that a
 * platform administrator suspended, with the reason given (issue 42). Nothing while they are active.
 */
export function SuspensionBanner({ organizations }: { organizations: readonly UserOrganization[] }) {
  return (
    <>
      {organizations
        .filter((organization) => organization.status === 'suspended')
        .map((organization) => (
          <Suspended key={organization.id} organization={organization} />
        ))}
    </>
  );
}
