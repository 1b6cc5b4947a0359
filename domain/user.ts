import { z } from 'zod';

/** An organisation as it appears in a user's list (spec §3, Organization: id, name, email, pIva). */
export const userOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  pIva: z.string(),
  /** Issue 42: 'suspended' by a platform administrator (members read, change nothing), with the reason they gave. */
  status: z.enum(['active', 'suspended']),
  suspensionReason: z.string().nullable(),
});
export type UserOrganization = z.infer<typeof userOrganizationSchema>;

/** GET /api/User (spec §3, User). */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Whether the identity provider vouches for the address; until then no organisation and no hand-over. */
  emailVerified: z.boolean(),
  /** The person's codice fiscale as the identity provider (SPID/CIE) or the registration gave it; null if never given. */
  fiscalCode: z.string().nullable(),
  roles: z.array(z.string()),
  organizations: z.array(userOrganizationSchema),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/User/GetUserStatus: where the person belongs in the portal right now. */
export const userStatusSchema = z.object({
  isAdmin: z.boolean(),
  hasOrganization: z.boolean(),
  organizationsCount: z.number().int().nonnegative(),
});
export type UserStatus = z.infer<typeof userStatusSchema>;
