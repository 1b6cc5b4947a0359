import { createFileRoute, redirect } from '@tanstack/react-router';
import { PIVA_LENGTH } from '../../../domain/vatNumber.ts';
import { isAdminRole } from '../../../domain/roles.ts';
import { homePathFor } from '../../../machines/auth/selectors.ts';
import { typologyQueries } from '../../api/typology.ts';
import { RegisterOrganization } from '../../features/register-organization/RegisterOrganization.tsx';
import { ensureQuery } from '../-components/ensureQuery.ts';

/**
 * The VAT checked on /flow-organization comes along (spec §2); anything else in the URL is ignored.
 * The router reads ?pIva=92345678903 as a number and a leading zero keeps it a string; the value is
 * kept as the router read it, so the address stays ?pIva=… instead of a JSON-quoted string. Checked by hand,
 * not with zod: the route tree is in every page's first load.
 */
function parseRegisterOrgSearch(search: Record<string, unknown>): { pIva?: string | number } {
  const { pIva } = search;
  const isDigits = typeof pIva === 'string' && pIva.length === PIVA_LENGTH && /^\d+$/.test(pIva);
  const isNumber = Number.isSafeInteger(pIva) && (pIva as number) >= 10 ** (PIVA_LENGTH - 1) && (pIva as number) <= 10 ** PIVA_LENGTH - 1;
  // pIva is in the answer even when dropped (undefined): the router lays the answer over the URL's raw params.
  return { pIva: isDigits || isNumber ? (pIva as string | number) : undefined };
}

/** Spec §2 /register-org. Administrators cannot register organisations (the server refuses too). */
export const Route = createFileRoute('/_authenticated/register-org')({
  validateSearch: parseRegisterOrgSearch,
  beforeLoad: ({ context }) => {
    if (isAdminRole(context.user.roles)) throw redirect({ to: homePathFor(context.user), replace: true });
  },
  // The form's reference lists that need no choice first (legal forms, regions).
  loader: async ({ context: { queryClient, api } }) => {
    await Promise.all([
      ensureQuery(queryClient, typologyQueries.formeGiuridiche(api)),
      ensureQuery(queryClient, typologyQueries.regioni(api)),
    ]);
  },
  component: RegisterOrgPage,
});

function RegisterOrgPage() {
  const { pIva } = Route.useSearch();
  return <RegisterOrganization carriedPIva={pIva === undefined ? null : String(pIva)} />;
}
