/** «Nome Cognome», or the e-mail when the account has no name; null for no account. */
export function personName(person: { firstName: string | null; lastName: string | null; email: string | null }): string | null {
  const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
  return name || person.email || null;
}
