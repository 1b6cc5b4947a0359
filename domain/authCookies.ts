// No zod here: the welcome page's first load reads these without the schemas of domain/auth.ts.

/** Token cookies (spec §9): 30 days, path /. */
export const TOKEN_COOKIE = 'token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const ID_TOKEN_COOKIE = 'id_token';
export const TOKEN_COOKIE_MAX_AGE_DAYS = 30;
