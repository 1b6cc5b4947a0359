import { describe, expect, it } from 'vitest';
import {
  closeStatementMessage,
  MessageReader,
  ProtocolError,
  renameInMessage,
  StartupCode,
  syncMessage,
} from '../../server/db/wireProtocol.ts';

/** An untyped message: length, then code, then the body. */
function untyped(code: number, body = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + body.length, 0);
  header.writeInt32BE(code, 4);
  return Buffer.concat([header, body]);
}

function typed(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const z = (text: string) => Buffer.from(`${text}\0`);
const int16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};

const startup = untyped(StartupCode.protocol3, Buffer.concat([z('user'), z('postgres'), Buffer.from([0])]));
const parse = typed('P', Buffer.concat([z('user_by_identity'), z('select $1'), int16(1), int32(25)]));
const bind = typed('B', Buffer.concat([z(''), z('user_by_identity'), int16(0), int16(1), int32(1), Buffer.from('x'), int16(0)]));
const execute = typed('E', Buffer.concat([z(''), int32(0)]));

describe('MessageReader', () => {
  it('reads the untyped messages before the startup message, then typed ones', () => {
    const reader = new MessageReader();
    const ssl = untyped(StartupCode.ssl);
    const messages = reader.push(Buffer.concat([ssl, startup, parse, syncMessage()]));
    expect(messages.map((m) => [m.untyped, m.bytes.length])).toEqual([
      [true, ssl.length],
      [true, startup.length],
      [false, parse.length],
      [false, 5],
    ]);
    expect(messages[2]!.bytes.equals(parse)).toBe(true);
  });

  it('keeps a message cut across chunks until its last byte arrives, a byte at a time if need be', () => {
    const reader = new MessageReader();
    const stream = Buffer.concat([startup, parse, bind, execute, syncMessage()]);
    const received: Buffer[] = [];
    for (let i = 0; i < stream.length; i++) received.push(...reader.push(stream.subarray(i, i + 1)).map((m) => m.bytes));
    expect(Buffer.concat(received).equals(stream)).toBe(true);
    expect(received).toHaveLength(5);
  });

  it('ends the connection on a length the protocol cannot have', () => {
    const reader = new MessageReader();
    reader.push(startup);
    const negative = Buffer.from([0x51, 0xff, 0xff, 0xff, 0xff]);
    expect(() => reader.push(negative)).toThrow(ProtocolError);
    expect(() => new MessageReader().push(Buffer.from([0, 0, 0, 2]))).toThrow(ProtocolError);
  });
});

describe('renameInMessage', () => {
  it('prefixes the statement a Parse names and reports it, leaving the rest of the message as it was', () => {
    const { message, parsed } = renameInMessage(parse, 'c7:');
    expect(parsed).toBe('c7:user_by_identity');
    expect(message.equals(typed('P', Buffer.concat([z('c7:user_by_identity'), z('select $1'), int16(1), int32(25)])))).toBe(true);
  });

  it('prefixes the statement and portal of a Bind, and leaves the unnamed ones unnamed', () => {
    const { message } = renameInMessage(bind, 'c7:');
    const expected = typed('B', Buffer.concat([z(''), z('c7:user_by_identity'), int16(0), int16(1), int32(1), Buffer.from('x'), int16(0)]));
    expect(message.equals(expected)).toBe(true);
    const unnamed = typed('P', Buffer.concat([z(''), z('select 1'), int16(0)]));
    expect(renameInMessage(unnamed, 'c7:')).toEqual({ message: unnamed, parsed: undefined });
  });

  it('prefixes Describe, Execute and Close, and reports the statement a Close closes', () => {
    const describe = typed('D', Buffer.concat([Buffer.from('S'), z('user_by_identity')]));
    expect(renameInMessage(describe, 'c1:').message.equals(typed('D', Buffer.concat([Buffer.from('S'), z('c1:user_by_identity')])))).toBe(
      true,
    );
    const namedExecute = typed('E', Buffer.concat([z('cursor'), int32(50)]));
    expect(renameInMessage(namedExecute, 'c1:').message.equals(typed('E', Buffer.concat([z('c1:cursor'), int32(50)])))).toBe(true);
    const close = renameInMessage(closeStatementMessage('user_by_identity'), 'c1:');
    expect(close.closed).toBe('c1:user_by_identity');
    expect(close.message.equals(closeStatementMessage('c1:user_by_identity'))).toBe(true);
  });

  it('passes every other message through untouched', () => {
    const query = typed('Q', z('select 1'));
    expect(renameInMessage(query, 'c1:').message).toBe(query);
    expect(renameInMessage(syncMessage(), 'c1:').message.equals(syncMessage())).toBe(true);
  });

  it('refuses a name without its terminating zero', () => {
    expect(() => renameInMessage(typed('P', Buffer.from('abc')), 'c1:')).toThrow(ProtocolError);
  });
});
