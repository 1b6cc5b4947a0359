/**
 * The little of PostgreSQL's wire protocol (version 3) the embedded database's server reads itself
 * (server/db/wireServer.ts): cutting the byte stream of a connection into messages, and giving the statements and
 * portals a connection names a name of their own in the one session PGlite has. Everything else is PGlite's.
 *
 * A message is a type byte and a big-endian int32 length that counts itself but not the type byte; the first
 * messages of a connection (startup, SSL and GSSAPI requests, cancel requests) have no type byte.
 */

/** The largest message read: PostgreSQL's own limit for a message from a client (1 GB). */
export const MAX_MESSAGE_BYTES = 0x3fff_ffff;

/** The codes that follow the length of an untyped message (postgres: src/include/libpq/pqcomm.h). */
export const StartupCode = {
  protocol3: 196_608,
  ssl: 80_877_103,
  gssEncryption: 80_877_104,
  cancel: 80_877_102,
} as const;

/** The frontend messages whose names are renamed, and those that end a batch. */
export const MessageType = {
  parse: 0x50, // 'P'
  bind: 0x42, // 'B'
  describe: 0x44, // 'D'
  close: 0x43, // 'C'
  execute: 0x45, // 'E'
  sync: 0x53, // 'S'
  query: 0x51, // 'Q'
  terminate: 0x58, // 'X'
} as const;

export class ProtocolError extends Error {}

/**
 * Cuts a connection's bytes into whole messages. Until the startup message has gone by, messages are untyped;
 * then each starts with its type byte. A length the protocol cannot have ends the connection.
 */
export class MessageReader {
  private buffered: Buffer = Buffer.alloc(0);
  private started = false;

  /** The whole messages `chunk` completes, in order; an untyped one is marked as such. */
  push(chunk: Buffer): Array<{ untyped: boolean; bytes: Buffer }> {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const messages: Array<{ untyped: boolean; bytes: Buffer }> = [];
    let offset = 0;
    for (;;) {
      const header = this.started ? 5 : 4;
      if (this.buffered.length - offset < header) break;
      const length = this.buffered.readInt32BE(offset + header - 4);
      if (length < 4 || length > MAX_MESSAGE_BYTES) throw new ProtocolError(`message length ${length}`);
      const size = length + header - 4;
      if (this.buffered.length - offset < size) break;
      const bytes = this.buffered.subarray(offset, offset + size);
      const untyped = !this.started;
      if (untyped && length >= 8 && bytes.readInt32BE(4) === StartupCode.protocol3) this.started = true;
      messages.push({ untyped, bytes });
      offset += size;
    }
    this.buffered = offset === this.buffered.length ? Buffer.alloc(0) : this.buffered.subarray(offset);
    return messages;
  }
}

/** The code of an untyped message: the protocol version of a startup message, or a request's code. */
export function untypedCode(message: Buffer): number {
  return message.length >= 8 ? message.readInt32BE(4) : 0;
}

function cString(message: Buffer, offset: number): { value: string; end: number } {
  const end = message.indexOf(0, offset);
  if (end < 0) throw new ProtocolError('unterminated string');
  return { value: message.toString('utf8', offset, end), end: end + 1 };
}

/**
 * The message with every statement and portal name it carries prefixed by `prefix` (the unnamed ones, "",
 * stay unnamed: PostgreSQL replaces them on each Parse and Bind), and the statement a Parse names or a Close
 * closes, for the connection to deallocate what it leaves behind.
 */
export function renameInMessage(message: Buffer, prefix: string): { message: Buffer; parsed?: string; closed?: string } {
  const type = message[0];
  const named = (name: string) => (name === '' ? '' : `${prefix}${name}`);
  if (type === MessageType.parse || type === MessageType.execute) {
    const name = cString(message, 5);
    const renamed = named(name.value);
    return {
      message: rebuild(type, [Buffer.from(`${renamed}\0`), message.subarray(name.end)]),
      parsed: type === MessageType.parse && renamed !== '' ? renamed : undefined,
    };
  }
  if (type === MessageType.bind) {
    const portal = cString(message, 5);
    const statement = cString(message, portal.end);
    return {
      message: rebuild(type, [Buffer.from(`${named(portal.value)}\0${named(statement.value)}\0`), message.subarray(statement.end)]),
    };
  }
  if ((type === MessageType.describe || type === MessageType.close) && message.length >= 7) {
    const kind = message[5]!;
    const name = cString(message, 6);
    const renamed = named(name.value);
    return {
      message: rebuild(type, [Buffer.from([kind]), Buffer.from(`${renamed}\0`), message.subarray(name.end)]),
      closed: type === MessageType.close && kind === 0x53 && renamed !== '' ? renamed : undefined,
    };
  }
  return { message };
}

function rebuild(type: number, parts: Buffer[]): Buffer {
  const bodyLength = parts.reduce((sum, part) => sum + part.length, 0);
  const header = Buffer.alloc(5);
  header[0] = type;
  header.writeInt32BE(bodyLength + 4, 1);
  return Buffer.concat([header, ...parts], bodyLength + 5);
}

/** A Sync message: ends an extended-query batch, and the error state a failed one leaves. */
export function syncMessage(): Buffer {
  return rebuild(MessageType.sync, []);
}

/** A simple Query message. */
export function queryMessage(sql: string): Buffer {
  return rebuild(MessageType.query, [Buffer.from(`${sql}\0`)]);
}

/** A Close message for a prepared statement. */
export function closeStatementMessage(name: string): Buffer {
  return rebuild(MessageType.close, [Buffer.from([0x53]), Buffer.from(`${name}\0`)]);
}
