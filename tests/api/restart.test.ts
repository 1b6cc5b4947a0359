import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { createTestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';

describe('a restart logs nobody out', () => {
  let database: Database;
  afterAll(() => database?.close());

  it('keeps signing keys, sessions and refresh tokens in the database', async () => {
    database = await openTestDatabase();
    // The first process must not close the shared database when it stops.
    const first = await createTestApp({ database: { ...database, close: async () => {} } });
    const tokens = await first.register();
    await first.close();

    const second = await createTestApp({ database: { ...database, close: async () => {} } });
    try {
      const me = await second.get('/api/User', tokens.token);
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(tokens.email);

      const refreshed = await second.app.inject({
        method: 'POST',
        url: '/api/Jwt/refresh',
        payload: { refresh_token: tokens.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      expect((await second.get('/api/User', refreshed.json().token)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
