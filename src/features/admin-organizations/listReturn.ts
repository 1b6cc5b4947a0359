// The links between the admin list and the pages about one application: only admin pages load this, so it stays
// out of the route tree every page loads (parseListReturn, which the routes' search validation needs, stays there).

/** Where "Torna alla lista" leads: the list with the filters it had. */
export function adminListHref(lista: string | undefined): string {
  return lista ? `/admin-panel?${lista}` : '/admin-panel';
}

/** A link from the list to an admin page about one application, carrying the list's query string. */
export function withListReturn(href: string, lista: string | undefined): string {
  if (!lista) return href;
  return `${href}${href.includes('?') ? '&' : '?'}lista=${encodeURIComponent(lista)}`;
}
