/**
 * (Its own module, without zod: the portal's first load carries it.) The BroadcastChannel on which the provider's page of an opened verification link tells the portal's open tabs
 * (same origin) that the address is verified: they renew their token, which now says email_verified.
 */
export const EMAIL_VERIFIED_CHANNEL = 'portale-fondi:email-verified';
