/**
 * What a digits-only box keeps of what was typed or pasted (spec §5: P.IVA, telefono, numero civico):
 * the digits, in order, up to `maxLength`. Everything else is simply not inserted.
 */
export function keepDigits(value: string, maxLength: number = Number.POSITIVE_INFINITY): string {
  return value.replace(/\D+/g, '').slice(0, maxLength);
}
