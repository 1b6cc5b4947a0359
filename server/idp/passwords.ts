import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt's cost, as the power of two N is (memory-hard: 128 · N · r bytes per hash): 2^15 with r=8, p=1 is 32 MiB and
 * about 170 ms of one core here. PASSWORD_HASH_COST sets it for new hashes; a stored hash names its own.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

// The rules a new password keeps are the domain's, so registration, reset and change agree.
export { MIN_PASSWORD_LENGTH } from '../../domain/passwordRules.ts';

/**
 * At most this many hashes run at once; the others wait their turn. Each takes 32 MiB and a thread of libuv's
 * small pool (4), so 48 logins at once would otherwise take the memory and the threads every file read and
 * every other request needs. The rate limits bound how many can be waiting.
 */
export const MAX_PARALLEL_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its slot straight to the next in line, so no newcomer can slip in between.
  if (running >= MAX_PARALLEL_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many hashes are running now, for tests and monitoring. */
export function runningHashes(): number {
  return running;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** Returns a self-describing string: `scrypt$N$r$p$salt$hash` (base64url), so parameters can grow later. */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
