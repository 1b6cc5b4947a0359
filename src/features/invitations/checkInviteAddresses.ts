import { invitationEmailSchema } from '../../../domain/invitation.ts';
import type { InvalidAddress } from '../../../machines/invite/types.ts';

/** Splits what was typed into addresses to invite (normalised, once each) and those that are not addresses. */
export function checkInviteAddresses(typed: readonly string[]): { valid: string[]; invalid: InvalidAddress[] } {
  const valid: string[] = [];
  const invalid: InvalidAddress[] = [];
  typed.forEach((address, index) => {
    const parsed = invitationEmailSchema.safeParse(address);
    if (!parsed.success) invalid.push({ index, address, message: parsed.error.issues[0]?.message ?? '' });
    else if (!valid.includes(parsed.data)) valid.push(parsed.data);
  });
  return { valid, invalid };
}
