import { describe, expect, it } from 'vitest';
import { loginCallbackEvent, parseLoginCallbackSearch } from '../../src/auth/loginCallback.ts';

const origin = 'https://portale.example.it';

describe('the answer of the identity provider on /login-callback', () => {
  it('with a code starts the exchange, with the same redirect URI the login used', () => {
    const search = parseLoginCallbackSearch({ code: 'abc', state: 'xyz', iss: `${origin}/idp` });
    expect(loginCallbackEvent(search, origin)).toEqual({
      type: 'auth.callback',
      code: 'abc',
      state: 'xyz',
      iss: `${origin}/idp`,
      redirectUri: `${origin}/login-callback`,
    });
  });

  it('with an error (for example the person cancelled) is a refused login', () => {
    const search = parseLoginCallbackSearch({ error: 'access_denied', error_description: 'End-User aborted interaction' });
    expect(loginCallbackEvent(search, origin)).toEqual({ type: 'auth.denied' });
  });

  it('without a code is a refused login, not an exchange of nothing', () => {
    expect(loginCallbackEvent(parseLoginCallbackSearch({}), origin)).toEqual({ type: 'auth.denied' });
  });
});
