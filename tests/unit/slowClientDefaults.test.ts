import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { connectionsCheckingInterval, longestTrickle, slowClientServerOptions } from '../../server/http/slowClients.ts';

/**
 * The production limits on slow clients (tests/api/slowClients.test.ts watches them work with small ones): Node looks
 * for expired headers and requests only every `connectionsCheckingInterval`, 30 s unless set, so the defaults must
 * be well under it, and a body trickled a byte every few seconds is cut within a minute whatever the route.
 */
describe('the default limits on slow clients', () => {
  const limits = loadConfig({}).slowClients;
  const options = slowClientServerOptions(limits);

  it('has Node check its timers every second at most, not every 30 s', () => {
    expect(connectionsCheckingInterval(limits)).toBeLessThanOrEqual(1000);
    expect(options.http.connectionsCheckingInterval).toBe(connectionsCheckingInterval(limits));
  });

  it('cuts off slow headers within seconds, and a trickled body, upload or not, well within a minute', () => {
    expect(limits.headersTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(options.http.headersTimeout).toBe(limits.headersTimeoutMs);
    expect(limits.bodyTimeoutMs).toBeLessThanOrEqual(20_000);
    expect(limits.uploadStallMs).toBeLessThanOrEqual(15_000);
    expect(limits.headersTimeoutMs + connectionsCheckingInterval(limits)).toBeLessThanOrEqual(11_000);
    // The body limits are the portal's own timers, not Node's: the longest trickle lasts half the promised minute.
    expect(longestTrickle(limits)).toBeLessThanOrEqual(30_000);
  });

  it('lets an upload of MAX_UPLOAD_MB on a slow but steady line finish: minutes, not seconds', () => {
    // 25 MB at 64 kbit/s (8 KB/s), a poor mobile line: about 53 minutes, under the ceiling of every request.
    const maxUploadBytes = loadConfig({}).files.maxUploadBytes;
    expect(limits.uploadMinBytesPerSecond).toBeLessThanOrEqual(8 * 1024);
    expect((maxUploadBytes / (8 * 1024)) * 1000).toBeLessThan(limits.requestTimeoutMs);
    expect(options.requestTimeout).toBe(limits.requestTimeoutMs);
    expect(options.http.requestTimeout).toBe(limits.requestTimeoutMs);
  });

  it('limits idle connections, during a request and between two', () => {
    expect(options.connectionTimeout).toBe(limits.idleTimeoutMs);
    expect(limits.idleTimeoutMs).toBeGreaterThan(0);
    expect(options.keepAliveTimeout).toBe(limits.keepAliveTimeoutMs);
    expect(limits.keepAliveTimeoutMs).toBeGreaterThan(0);
  });
});
