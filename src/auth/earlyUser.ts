import type { User } from '../../domain/user.ts';

/** The person's record, asked for with the token the page started with. */
interface EarlyUser {
  token: string;
  answer: Promise<Response | null>;
}

let early: EarlyUser | null = null;

/**
 * Asks for the person's record (GET /api/User) as soon as the page starts, while the portal's code is still on its
 * way: the auth machine would ask only once that code has loaded and run, and every signed-in page waits for the
 * answer. Called by src/main.tsx with the token cookie it has just read; `takeEarlyUser` hands the answer over once.
 */
export function askForUserEarly(token: string, baseURL = ''): void {
  early = {
    token,
    answer: fetch(`${baseURL}/api/User`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } }).catch(() => null),
  };
}

/**
 * The early answer for this token, taken once: the record when the server gave it, null otherwise — no early
 * request, another token (a tab renewed it meanwhile), or anything but a 200. On null the auth machine asks the usual
 * way, so a refused token, a server failure or a lost connection are handled exactly as without this head start.
 */
export async function takeEarlyUser(token: string): Promise<User | null> {
  const taken = early;
  early = null;
  if (taken === null || taken.token !== token) return null;
  const response = await taken.answer;
  if (response === null || response.status !== 200) return null;
  try {
    return (await response.json()) as User;
  } catch {
    return null;
  }
}
