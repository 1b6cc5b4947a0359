import { describe, expect, it } from 'vitest';
import { createVerifiedTokenCache } from '../../server/auth/verifiedTokens.ts';

describe('verified access tokens', () => {
  it('answers a verified token until it expires (with the same 5 s tolerance as the verification)', () => {
    let now = 1_000;
    const cache = createVerifiedTokenCache({ now: () => now });
    cache.remember('a.b.c', { sub: 'giulia', exp: 1_060 });
    expect(cache.get('a.b.c')).toEqual({ sub: 'giulia', exp: 1_060 });
    now = 1_064;
    expect(cache.get('a.b.c')?.sub).toBe('giulia');
    now = 1_065;
    expect(cache.get('a.b.c')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('knows only the exact token it verified', () => {
    const cache = createVerifiedTokenCache({ now: () => 0 });
    cache.remember('a.b.c', { sub: 'giulia', exp: 60 });
    expect(cache.get('a.b.d')).toBeUndefined();
    expect(cache.get('a.b.c ')).toBeUndefined();
  });

  it('keeps no token without an expiry', () => {
    const cache = createVerifiedTokenCache({ now: () => 0 });
    cache.remember('a.b.c', { sub: 'giulia' } as never);
    expect(cache.get('a.b.c')).toBeUndefined();
  });

  it('forgets the oldest tokens beyond its size', () => {
    const cache = createVerifiedTokenCache({ maxEntries: 2, now: () => 0 });
    cache.remember('one', { sub: '1', exp: 60 });
    cache.remember('two', { sub: '2', exp: 60 });
    cache.remember('three', { sub: '3', exp: 60 });
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('two')?.sub).toBe('2');
    expect(cache.get('three')?.sub).toBe('3');
    expect(cache.size).toBe(2);
  });
});
