/** 'TUR e PUI', 'A, B e C': a list as an Italian sentence says it. */
export const italianAnd = (items: readonly string[]) => new Intl.ListFormat('it', { type: 'conjunction' }).format(items);

/** 'TUR o PUI', 'A, B o C'. */
export const italianOr = (items: readonly string[]) => new Intl.ListFormat('it', { type: 'disjunction' }).format(items);
