import type { FieldErrors } from './types.ts';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** One message per key (the first zod reports), as a field-edit save rejects with. */
export function fieldErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
