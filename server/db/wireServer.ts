import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import {
  closeStatementMessage,
  MessageReader,
  MessageType,
  queryMessage,
  renameInMessage,
  StartupCode,
  syncMessage,
  untypedCode,
} from './wireProtocol.ts';

/**
 * PGlite served over PostgreSQL's wire protocol, so that the portal reaches its embedded database the way it
 * reaches PostgreSQL: through node-postgres, from another process (server/db/embeddedDatabase.ts).
 *
 * PGlite is one PostgreSQL backend, one session: every connection shares it. So that each still behaves like a
 * session of its own:
 * - **One at a time, a batch at a time.** A connection holds the session from its first message until the
 *   session is idle again: after a Sync or a simple Query, outside a transaction block. A transaction therefore
 *   keeps the others waiting until it commits or rolls back, as PGlite's own transactions do in process; between
 *   transactions, connections take turns in the order they asked.
 * - **Names of its own.** Each connection's prepared statements and portals are renamed with its prefix, so two
 *   connections preparing the same statement name (node-postgres names Drizzle's `.prepare('…')`) do not meet.
 * - **Nothing left behind.** A connection that goes away mid-batch or mid-transaction has its batch ended and
 *   its transaction rolled back, and its prepared statements are deallocated.
 *
 * SSL and GSSAPI encryption are declined (the socket is a Unix socket in a private directory); cancel requests are
 * ignored, as PGlite has no backend to interrupt; authentication is PGlite's (it accepts the startup message).
 */
export interface WireServer {
  /** Stops accepting connections, waits for the ones open to finish what they hold, and closes them. */
  close(): Promise<void>;
}

class SessionLock {
  private owner: Connection | undefined;
  private readonly waiting: Array<{ connection: Connection; grant: () => void }> = [];

  async acquire(connection: Connection): Promise<void> {
    if (this.owner === connection) return;
    if (!this.owner) {
      this.owner = connection;
      return;
    }
    await new Promise<void>((grant) => this.waiting.push({ connection, grant }));
  }

  holds(connection: Connection): boolean {
    return this.owner === connection;
  }

  release(connection: Connection): void {
    if (this.owner !== connection) return;
    const next = this.waiting.shift();
    this.owner = next?.connection;
    next?.grant();
  }
}

class Connection {
  private readonly reader = new MessageReader();
  private readonly queue: Array<{ untyped: boolean; bytes: Buffer }> = [];
  private readonly statements = new Set<string>();
  private readonly prefix: string;
  private running: Promise<void> | undefined;
  /** Whether messages went to PGlite since the last Sync or Query: a batch this connection must end. */
  private inBatch = false;
  private gone = false;
  readonly finished: Promise<void>;

  private idleInTransaction: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly pglite: PGlite,
    private readonly lock: SessionLock,
    private readonly options: WireServerOptions,
    id: number,
  ) {
    this.prefix = `c${id}:`;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => socket.destroy());
    this.finished = once(socket, 'close').then(() => this.leave());
  }

  private receive(chunk: Buffer) {
    let messages;
    try {
      messages = this.reader.push(chunk);
    } catch {
      this.socket.destroy();
      return;
    }
    for (const message of messages) {
      if (message.untyped) {
        const code = untypedCode(message.bytes);
        if (code === StartupCode.ssl || code === StartupCode.gssEncryption) {
          this.socket.write('N');
          continue;
        }
        if (code !== StartupCode.protocol3) {
          this.socket.destroy();
          return;
        }
      } else if (message.bytes[0] === MessageType.terminate) {
        this.socket.end();
        return;
      }
      this.queue.push(message);
    }
    this.running ??= this.run().finally(() => (this.running = undefined));
  }

  private async run() {
    while (this.queue.length > 0 && !this.gone) {
      const message = this.queue.shift()!;
      await this.lock.acquire(this);
      if (this.gone) break;
      clearTimeout(this.idleInTransaction);
      let bytes = message.bytes;
      try {
        if (!message.untyped) {
          const renamed = renameInMessage(bytes, this.prefix);
          bytes = renamed.message;
          if (renamed.parsed) this.statements.add(renamed.parsed);
          if (renamed.closed) this.statements.delete(renamed.closed);
        }
      } catch {
        // A message PostgreSQL could not read either (a name without its end): the connection ends, its batch
        // and transaction with it (leave()).
        this.socket.destroy();
        break;
      }
      try {
        await this.pglite.execProtocolRawStream(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), {
          // PGlite hands out views of its memory, reused by the next message: the socket gets a copy.
          onRawData: (data) => void this.socket.write(Buffer.from(data)),
        });
      } catch (error) {
        // PGlite answers SQL and protocol errors with an ErrorResponse; a throw means PGlite itself failed.
        this.socket.destroy();
        this.options.onFailure(error as Error);
        break;
      }
      const type = message.untyped ? undefined : bytes[0];
      const endsBatch = message.untyped || type === MessageType.sync || type === MessageType.query;
      this.inBatch = !endsBatch;
      if (endsBatch && !this.pglite.isInTransaction()) this.lock.release(this);
      else if (this.queue.length === 0) {
        // A transaction (or a batch without its Sync) left open while the others wait: ended, as PostgreSQL's
        // idle_in_transaction_session_timeout ends it, after idleInTransactionMs without a message.
        this.idleInTransaction = setTimeout(() => this.socket.destroy(), this.options.idleInTransactionMs);
        this.idleInTransaction.unref();
      }
      if (this.socket.writableNeedDrain) await Promise.race([once(this.socket, 'drain'), this.finished]);
    }
  }

  /** Ends the connection: at once if the client does not close its side within a second. */
  close(): Promise<void> {
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1_000).unref();
    return this.finished;
  }

  /** The connection closed: end what it left open in the session, then let the others have it. */
  private async leave() {
    this.gone = true;
    clearTimeout(this.idleInTransaction);
    this.queue.length = 0;
    await this.running;
    if (this.inBatch || this.statements.size > 0 || this.lock.holds(this)) {
      await this.lock.acquire(this);
      try {
        // A batch cut short ends with its Sync (which also clears the error state a failed one leaves), what
        // is left of a transaction is rolled back, then the statements are closed.
        if (this.inBatch) await this.pglite.execProtocolRaw(syncMessage());
        if (this.pglite.isInTransaction()) await this.pglite.execProtocolRaw(queryMessage('rollback'));
        if (this.statements.size > 0) {
          for (const name of this.statements) await this.pglite.execProtocolRaw(closeStatementMessage(name));
          await this.pglite.execProtocolRaw(syncMessage());
        }
      } catch (error) {
        this.options.onFailure(error as Error);
      }
    }
    this.lock.release(this);
  }
}

export interface WireServerOptions {
  /** How long a connection may hold a transaction open without sending anything: then it is ended. */
  idleInTransactionMs: number;
  /** PGlite failed (not a query: PGlite itself); its process should end and be started again. */
  onFailure(error: Error): void;
}

/** Serves `pglite` on the Unix socket at `address.path` (or a TCP port, for `{ port, host }`). */
export async function serveOverWire(
  pglite: PGlite,
  address: { path: string } | { port: number; host: string },
  options: WireServerOptions,
): Promise<WireServer & { server: Server }> {
  const lock = new SessionLock();
  const connections = new Set<Connection>();
  let nextId = 1;
  const server = createServer((socket) => {
    const connection = new Connection(socket, pglite, lock, options, nextId++);
    connections.add(connection);
    void connection.finished.then(() => connections.delete(connection));
  });
  server.listen(address);
  await once(server, 'listening');
  return {
    server,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      await Promise.all([...connections].map((connection) => connection.close()));
      await closed;
    },
  };
}
