/**
 * Singular and plural in what people read (issue 46: "1 periodi", "in 1 settimane", "1 candidature su 2
 * chiedono"). Italian takes the singular for exactly one and the plural for any other count, zero included
 * ("0 candidature"). Every text with a count chooses its words here, nouns and the verbs that agree with them.
 */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** A count with its words: '1 periodo', '3 periodi', '1.250 candidature' (the count as `format` writes it). */
export function counted(count: number, one: string, many: string, format: (count: number) => string = String): string {
  return `${format(count)} ${plural(count, one, many)}`;
}
