import { lazy, Suspense } from 'react';
import { REFERENT_ROLE, type OrganizationDetail } from '../../../domain/organization.ts';

// Loaded only by those who see them (platform administrators, Referenti): the organisation page stays as light.
const OrganizationAdminSection = lazy(() =>
  import('./OrganizationAdminSection.tsx').then((module) => ({ default: module.OrganizationAdminSection })),
);
const OrganizationHistory = lazy(() => import('./OrganizationHistory.tsx').then((module) => ({ default: module.OrganizationHistory })));

/**
 * What the organisation page shows of who acts for the organisation (issue 42): to a platform administrator the
 * section "Gestione dell'organizzazione" and the history; to the organisation's Referenti the history, read-only.
 */
export function OrganizationGovernance({ detail, view }: { detail: OrganizationDetail; view: 'member' | 'admin' }) {
  const isAdmin = view === 'admin';
  if (!isAdmin && detail.myRole !== REFERENT_ROLE) return null;
  return (
    <Suspense fallback={null}>
      {isAdmin ? <OrganizationAdminSection key={detail.id} detail={detail} /> : null}
      <OrganizationHistory organizationId={detail.id} />
    </Suspense>
  );
}
