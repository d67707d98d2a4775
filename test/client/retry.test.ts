// The retry rules on their own: Retry-After in both forms, the backoff and its jitter.

import { expect } from 'chai';
import { DEFAULT_RETRY, backoffDelay, parseRetryAfter, sleep } from '../../dist/lib/client/retry';
import { DeviceCloudError } from '../../dist/lib/errors';

describe('retry rules', function () {
  describe('Retry-After', function () {
    const now = Date.parse('2026-04-11T10:00:00Z');

    it('reads seconds', () => {
      expect(parseRetryAfter('0', now)).to.equal(0);
      expect(parseRetryAfter(' 7 ', now)).to.equal(7000);
      expect(parseRetryAfter(['3', '9'], now)).to.equal(3000);
    });

    it('reads an HTTP date, as the time left until then, never below 0', () => {
      expect(parseRetryAfter('Sat, 11 Apr 2026 10:00:30 GMT', now)).to.equal(30_000);
      expect(parseRetryAfter('Sat, 11 Apr 2026 09:00:00 GMT', now)).to.equal(0);
    });

    it('ignores what is absent or unreadable', () => {
      for (const value of [undefined, '', '  ', 'soon', 'later today']) {
        expect(parseRetryAfter(value, now), String(value)).to.equal(undefined);
      }
    });
  });

  describe('backoff', function () {
    it('doubles from the base delay, half of each wait random, capped by the longest wait', () => {
      const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
      expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options, () => 0))).to.deep.equal([
        50, 100, 200, 400, 500,
      ]);
      expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options, () => 1))).to.deep.equal([
        100, 200, 400, 800, 1000,
      ]);
    });

    it('states its defaults: 4 attempts, 0.5 s doubling, at most 10 s a wait and 30 s a call', () => {
      expect(DEFAULT_RETRY).to.deep.equal({ maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 10_000, maxTotalMs: 30_000 });
    });
  });

  describe('errors worth another attempt', function () {
    it('network errors, timeouts, HTTP 408, 425, 429 and 5xx; nothing else', () => {
      const http = (statusCode: number) => new DeviceCloudError('http', 'x', { statusCode });
      expect(new DeviceCloudError('network', 'x').transient).to.equal(true);
      expect(new DeviceCloudError('timeout', 'x').transient).to.equal(true);
      for (const status of [408, 425, 429, 500, 502, 503, 504, 599]) {
        expect(http(status).transient, String(status)).to.equal(true);
      }
      for (const status of [400, 401, 403, 404, 409, 413, 422]) {
        expect(http(status).transient, String(status)).to.equal(false);
      }
      for (const kind of ['validation', 'service', 'parse', 'aborted', 'busy', 'internal'] as const) {
        expect(new DeviceCloudError(kind, 'x').transient, kind).to.equal(false);
      }
    });
  });

  describe('sleep', function () {
    it('ends at once, with the reason, when its signal aborts', async () => {
      const controller = new AbortController();
      const reason = new DeviceCloudError('aborted', 'closed');
      const waiting = sleep(60_000, controller.signal).then(
        () => 'slept',
        (error: unknown) => error,
      );
      controller.abort(reason);
      expect(await waiting).to.equal(reason);
      expect(await sleep(10, controller.signal).catch((error: unknown) => error)).to.equal(reason);
    });
  });
});
