/** Whether `value` is one of `values` (a list of codes): narrows an unknown value read from a URL or a payload. */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);
