import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/queryRows.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../server/db/embeddedDatabase.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { childProcesses, freePort, startPortalProcess, type PortalProcess } from '../support/portalProcess.ts';
import { providerLogin } from '../support/providerLogin.ts';

/**
 * The embedded database in its own process (server/db/embeddedDatabase.ts, embeddedDatabaseProcess.ts,
 * wireServer.ts): PGlite on a data directory, reached through node-postgres over a Unix socket, as `npm start`
 * runs it. Each connection must behave as a session of its own although PGlite has one.
 */

function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(attempt: () => Promise<T>, withinMs = 30_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe('the embedded database, served from its own process', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'pf-embedded-')), 'db');
  let embedded: EmbeddedDatabase;
  let pool: pg.Pool;
  const client = () => new pg.Client(embedded.connection);

  beforeAll(async () => {
    // A transaction idle this long is ended (60 s in the portal): long enough for the transactions below.
    process.env.EMBEDDED_DB_IDLE_IN_TRANSACTION_MS = '1500';
    embedded = await startEmbeddedDatabase(dataDir);
    delete process.env.EMBEDDED_DB_IDLE_IN_TRANSACTION_MS;
    pool = new pg.Pool({ ...embedded.connection, max: 4 });
    // The idle connections the restart test cuts (the portal's pool listens the same way: server/db/client.ts).
    pool.on('error', () => undefined);
    await pool.query('create table notes (id int primary key, text text not null)');
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await embedded?.stop();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('gives each connection its own prepared statements, under the same names', async () => {
    const clients = [client(), client(), client()];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      // node-postgres prepares a named query once per connection: three Parses of "note_insert" in one session.
      const inserted = await Promise.all(
        clients.map((c, i) =>
          c.query({ name: 'note_insert', text: 'insert into notes values ($1, $2) returning id', values: [i + 1, `n${i}`] }),
        ),
      );
      expect(inserted.map((r) => r.rows[0].id).sort()).toEqual([1, 2, 3]);
      const again = await clients[1]!.query({
        name: 'note_insert',
        text: 'insert into notes values ($1, $2) returning id',
        values: [4, 'n3'],
      });
      expect(again.rows[0].id).toBe(4);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    // What the closed connections prepared is gone with them. The database ends a closed connection's session
    // after the client has seen its socket close, as PostgreSQL does: so shortly after, not at once.
    await until(async () => {
      const left = await pool.query("select name from pg_prepared_statements where name like '%note_insert'");
      expect(left.rows).toEqual([]);
    }, 5_000);
  });

  it('runs transactions one after the other: none sees another one’s uncommitted rows', async () => {
    const transaction = async (id: number, outcome: 'commit' | 'rollback') => {
      const c = await pool.connect();
      try {
        await c.query('begin');
        await c.query('insert into notes values ($1, $2)', [id, 'in a transaction']);
        await new Promise((resolve) => setTimeout(resolve, 30));
        const seen = await c.query('select count(*)::int as n from notes where id >= 100');
        await c.query(outcome);
        return seen.rows[0].n as number;
      } finally {
        c.release();
      }
    };
    const seen = await Promise.all([transaction(100, 'rollback'), transaction(101, 'commit'), transaction(102, 'commit')]);
    // Each saw its own row and the rows committed before it started; the rolled-back row never.
    expect(seen.sort()).toEqual([1, 1, 2]);
    const rows = await pool.query('select id from notes where id >= 100 order by id');
    expect(rows.rows.map((r) => r.id)).toEqual([101, 102]);
  });

  it('an error ends only its own query', async () => {
    await expect(pool.query('select 1 / 0')).rejects.toThrow(/division by zero/);
    const c = client();
    await c.connect();
    try {
      await c.query('begin');
      await expect(c.query('select * from no_such_table')).rejects.toThrow(/does not exist/);
      await expect(c.query('select 1')).rejects.toThrow(/aborted/);
      await c.query('rollback');
      expect((await c.query('select 2 as two')).rows[0].two).toBe(2);
    } finally {
      await c.end();
    }
  });

  it('rolls back what a connection that went away left open, and serves the others meanwhile', async () => {
    const doomed = client();
    doomed.on('error', () => undefined);
    await doomed.connect();
    await doomed.query('begin');
    await doomed.query("insert into notes values (200, 'never committed')");
    const waiting = pool.query('select count(*)::int as n from notes where id = 200');
    // The connection is cut mid-transaction, as a crashed portal would leave it.
    (doomed as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await waiting).rows[0].n).toBe(0);
    expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  it('ends a transaction left idle while the others wait, as idle_in_transaction_session_timeout would', async () => {
    const idle = client();
    const ended = new Promise<Error>((resolve) => idle.on('error', resolve));
    await idle.connect();
    await idle.query('begin');
    await idle.query("insert into notes values (300, 'left open')");
    const started = Date.now();
    const waiting = await pool.query('select count(*)::int as n from notes where id = 300');
    expect(waiting.rows[0].n).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect((await ended).message).toMatch(/terminated/);
  });

  it('ends a batch left without its Sync while the others wait', async () => {
    const socket = createConnection(path.join(embedded.connection.host, `.s.PGSQL.${embedded.connection.port}`));
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const parameters = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8 + parameters.length, 0);
    startup.writeInt32BE(196_608, 4);
    const sql = Buffer.from('\0select 1\0\0\0');
    const parse = Buffer.alloc(5);
    parse.write('P', 0, 'latin1');
    parse.writeInt32BE(4 + sql.length, 1);
    socket.write(Buffer.concat([startup, parameters]));
    // The startup's answer first, so the Parse is sure to arrive on its own, after it.
    await new Promise((resolve) => socket.once('data', resolve));
    socket.write(Buffer.concat([parse, sql]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await closed;
  });

  it('ends a connection that sends what is not PostgreSQL’s protocol, and only that one', async () => {
    const garbage = createConnection(path.join(embedded.connection.host, `.s.PGSQL.${embedded.connection.port}`));
    const closed = new Promise((resolve) => garbage.on('close', resolve));
    garbage.on('error', () => undefined);
    garbage.write(Buffer.from([0, 0, 0, 1, 0xde, 0xad, 0xbe, 0xef]));
    await closed;
    expect((await pool.query('select count(*)::int as n from notes')).rows[0].n).toBeGreaterThan(0);
  });

  it('refuses a second process on the same data directory, which would corrupt it', async () => {
    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(/già in uso dal processo \d+/);
    expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  it('is started again when its process dies, with what was committed', async () => {
    const first = embedded.pid();
    process.kill(first!, 'SIGKILL');
    const rows = await until(async () => (await pool.query('select count(*)::int as n from notes')).rows[0].n as number);
    expect(rows).toBe(6);
    expect(embedded.pid()).not.toBe(first);
    expect(isRunning(embedded.pid())).toBe(true);
  });
});

describe('openDatabase on a data directory', () => {
  it('migrates it, keeps it across restarts, and stops its process on close', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'pf-embedded-')), 'db');
    const first = await openDatabase({ kind: 'pglite', dir: dataDir });
    const migrations = await queryRows<{ n: number }>(first.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(migrations[0]!.n).toBeGreaterThan(0);
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    expect(childProcesses(process.pid, 'embeddedDatabaseProcess')).toHaveLength(1);
    await first.close();
    expect(childProcesses(process.pid, 'embeddedDatabaseProcess')).toEqual([]);

    const second = await openDatabase({ kind: 'pglite', dir: dataDir });
    try {
      expect(await queryRows(second.db, sql`select value from kept`)).toEqual([{ value: 'still here' }]);
    } finally {
      await second.close();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the portal as `npm start` runs it, on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-embedded-portal-'));
  let portal: PortalProcess | undefined;
  afterAll(async () => {
    await portal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves a person through the provider and the API, and keeps what they wrote across a restart', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' };
    portal = await startPortalProcess('portal on PGlite', port, env);
    const person = await providerLogin(portal.send, portal.url, portal.send, { outboxDir: path.join(dataDir, 'outbox') }).register({
      email: `integrato.${Date.now()}@esempio.it`,
    });
    const created = await fetch(`${portal.url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(organizationPayload({ name: 'Comune di Integrato' })),
    });
    expect(created.status).toBe(201);
    const { orgId } = (await created.json()) as { orgId: string };
    expect(childProcesses(portal.pid, 'database.mjs')).toHaveLength(1);

    await portal.stop();
    portal = await startPortalProcess('portal on PGlite, again', port, env);
    const organisation = await fetch(`${portal.url}/api/Organization/GetOrganizationById?id=${orgId}`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(organisation.status).toBe(200);
    expect(((await organisation.json()) as { name: string }).name).toBe('Comune di Integrato');
  }, 300_000);
});
