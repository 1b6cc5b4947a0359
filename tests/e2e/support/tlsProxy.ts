import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A TLS-terminating reverse proxy as production puts one in front of the portal (docs/OPERATIONS.md's nginx):
 * https on the public port, forwarding to the portal's plain-HTTP port with X-Forwarded-Proto, -Host and -For.
 *
 * The public port also answers plain HTTP, the way a careless network would: a request that reaches the public host
 * without TLS (the portal calling its own public address over http, as it once did with the client secret and the
 * codes) is recorded in `plainHttpRequests` and refused. The first byte of a connection tells them apart: a TLS
 * handshake starts with 0x16.
 */
export interface TlsProxy {
  /** https://127.0.0.1:<port>: the portal's PUBLIC_URL. */
  url: string;
  port: number;
  /** What Chromium's --ignore-certificate-errors-spki-list takes to trust this proxy's certificate, and no other. */
  spkiHash: string;
  /** Every request that reached the public port without TLS, as "METHOD /path". */
  plainHttpRequests: string[];
  /** Every request forwarded to the portal, as "METHOD /path". */
  forwarded: string[];
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made at run time with Debian's openssl: nothing secret is committed. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pf-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the proxy on `port` (a free one the caller chose, so the portal's PUBLIC_URL can name it first). */
export async function startTlsProxy(port: number, backend: { host: string; port: number }): Promise<TlsProxy> {
  const { key, cert } = selfSignedCertificate();
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  const plainHttpRequests: string[] = [];
  const forwarded: string[] = [];

  const tlsServer = https.createServer({ key, cert }, (request, response) => {
    forwarded.push(`${request.method} ${request.url}`);
    const upstream = http.request(
      {
        host: backend.host,
        port: backend.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          // What nginx's proxy_set_header lines in docs/OPERATIONS.md set.
          'x-forwarded-proto': 'https',
          'x-forwarded-host': request.headers.host ?? `127.0.0.1:${port}`,
          'x-forwarded-for': request.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });

  const plainServer = http.createServer((request, response) => {
    plainHttpRequests.push(`${request.method} ${request.url}`);
    response.writeHead(400, { 'content-type': 'text/plain', connection: 'close' }).end('This port speaks TLS only.');
  });

  const sockets = new Set<net.Socket>();
  const publicPort = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? tlsServer : plainServer).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    publicPort.once('error', reject);
    publicPort.listen(port, '127.0.0.1', resolve);
  });

  return {
    url: `https://127.0.0.1:${port}`,
    port,
    spkiHash: createHash('sha256').update(spki).digest('base64'),
    plainHttpRequests,
    forwarded,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => publicPort.close(() => resolve()));
      tlsServer.close();
      plainServer.close();
    },
  };
}
