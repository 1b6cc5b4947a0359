/** A guard as XState 5 keeps it: a name, `{ type, params }`, or a function (and/or/not, or inline logic). */
export type MachineGuard = string | { type: string } | ((...args: never[]) => unknown) | undefined;

/** A guard as a person reads it: its name, and(…)/or(…)/not(…) of names, or `inline` for a function in the config. */
export function guardLabel(guard: MachineGuard): string | null {
  if (guard === undefined) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combined = guard as unknown as { guards?: MachineGuard[]; check?: unknown; name: string };
    if (combined.check && combined.guards) return `${combined.name}(${combined.guards.map(guardLabel).join(', ')})`;
    return 'inline';
  }
  return guard.type;
}
