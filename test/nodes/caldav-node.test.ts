// The CalDAV node: Basic authentication (Radicale with a password file), Digest (a real HTTP server asking for
// it, in front of Xandikos) and none (Xandikos; the simulator's stand-in, which takes any user name and password);
// a wrong password, a server down, one that does not answer: a clear error,
// nothing written on either side, and the next sync carries on. The password is never in a message, a status,
// a log line or an error. And the editor's list of a server's task lists, from the address and credentials as
// typed, stored ones taken for the placeholder of a stored password, and never sent back.

import { expect } from 'chai';
import net from 'node:net';
import { CalDavProxy, type DigestChallenge, type ProxyOptions } from '../support/caldav-proxy';
import { vtodo, type CalDavServer } from '../support/caldav-server';
import {
  CALDAV_ID,
  deviceWrites,
  listed,
  loadCalDavSync,
  onDevice,
  resultOf,
  syncNow,
  todoTitled,
  type SyncRun,
} from '../support/caldav-sync-run';
import { Harness } from '../support/harness';
import type { AdminRequest } from '../support/node-red';
import { Radicale } from '../support/radicale';
import { SimulatorCalDav, SIMULATOR_TASK_LIST } from '../support/simulator-caldav';
import { freePort } from '../support/sockets';
import { Xandikos } from '../support/xandikos';

/** The admin API as the editor calls it: a JSON POST. */
type AdminClient = { post(path: string): { send(body: unknown): AdminRequest } };

const PASSWORD = 'pä$$wörd-Ünïcode-7f3a';
const WRONG = 'wrong-9c1e';
const TASK = vtodo('milk', ['SUMMARY:Milk', 'PRIORITY:5']);

/** Nothing a user sees holds the password: messages, the error, each status, the runtime's log. */
function expectNoPassword(h: Harness, runs: SyncRun[], password: string): void {
  const logged = JSON.stringify((h.helper as unknown as { log(): { args: unknown[] } }).log().args);
  for (const run of runs) {
    for (const message of run.messages) expect(message, 'a message').to.not.include(password);
  }
  expect(JSON.stringify(h.statuses), 'a status').to.not.include(password);
  expect(logged, 'the log').to.not.include(password);
}

interface Login {
  name: string;
  start(): Promise<{
    server: CalDavServer;
    url: string;
    user: string;
    stop(): Promise<void>;
    sawDigest?: () => boolean;
  }>;
}

const LOGINS: Login[] = [
  {
    name: 'Basic (Radicale with a password file)',
    async start() {
      const server = await Radicale.start({ password: PASSWORD });
      return { server, url: server.url, user: server.user, stop: () => server.stop() };
    },
  },
  {
    name: 'Digest (a server asking for it, in front of Xandikos)',
    async start() {
      const server = await Xandikos.start();
      const proxy = await CalDavProxy.start(server.url, { digest: { user: 'anna', password: PASSWORD } });
      return {
        server,
        url: proxy.url,
        user: 'anna',
        stop: async () => {
          await proxy.stop();
          await server.stop();
        },
        sawDigest: () => proxy.requests.some((request) => request.authorization?.startsWith('Digest ') ?? false),
      };
    },
  },
];

describe('CalDAV node: authentication, failures, and the editor list of task lists', function () {
  this.timeout(60_000);
  const h = Harness.forSuite();
  const admin = () => h.helper.request() as unknown as AdminClient;

  for (const login of LOGINS) {
    describe(login.name, function () {
      let caldav: Awaited<ReturnType<Login['start']>>;
      let list: string;
      before(async () => {
        caldav = await login.start();
        list = await caldav.server.taskList('tasks');
        await caldav.server.put(`${list}milk.ics`, TASK);
      });
      after(() => caldav?.stop());

      it('syncs with the user and password; a wrong password is a 401 error, nothing written, never shown', async () => {
        await loadCalDavSync(h, { url: `${caldav.url}${list}`, username: caldav.user, password: WRONG });
        const refused = await syncNow(h);
        expect(refused.error?.message).to.match(/refused the user name or password \(HTTP 401\)/);
        expect(listed(h)).to.deep.equal([]);
        expect(deviceWrites(h)).to.deep.equal([]);
        expectNoPassword(h, [refused], WRONG);

        await loadCalDavSync(h, { url: `${caldav.url}${list}`, username: caldav.user, password: PASSWORD });
        const first = await syncNow(h);
        expect(resultOf(first)).to.deep.include({ created: 1 });
        if (caldav.sawDigest) expect(caldav.sawDigest(), 'Digest answers').to.equal(true);
        await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Milk').id}/complete`);
        const back = await syncNow(h);
        expect(resultOf(back).written).to.deep.equal({ updated: 1, deleted: 0 });
        expect(await caldav.server.ics(`${list}milk.ics`)).to.include('STATUS:COMPLETED');
        expectNoPassword(h, [first, back], PASSWORD);
        expect(caldav.server.output, "the server's log").to.not.include(PASSWORD);
      });

      it('asks for the user and password when they are missing', async () => {
        await loadCalDavSync(h, { url: `${caldav.url}${list}` });
        const run = await syncNow(h);
        expect(run.error?.message).to.match(
          /asks for a user name and password \(HTTP 401\): set them in the CalDAV node/,
        );
        expect(listed(h)).to.deep.equal([]);
      });

      it("lists the server's task lists for the editor from what the dialog holds, the stored password kept", async () => {
        await loadCalDavSync(h, { url: `${caldav.url}${list}`, username: caldav.user, password: PASSWORD });
        const ask = (body: Record<string, unknown>) => admin().post('/device-cloud/caldav/task-lists').send(body);
        const typed = await ask({ url: `${caldav.url}/`, username: caldav.user, password: PASSWORD }).expect(200);
        expect(typed.body).to.deep.include({ url: `${caldav.url}${list}`, name: 'tasks' });
        const stored = await ask({
          id: CALDAV_ID,
          url: `${caldav.url}${caldav.server.principal}`,
          password: '__PWRD__',
        }).expect(200);
        expect(stored.body).to.deep.include({ url: `${caldav.url}${list}`, name: 'tasks' });
        const wrong = await ask({ url: `${caldav.url}/`, username: caldav.user, password: WRONG }).expect(502);
        expect((wrong.body as { error: string }).error).to.match(/refused the user name or password/);
        for (const answer of [typed, stored, wrong])
          expect(JSON.stringify(answer.body)).to.not.include(PASSWORD).and.not.include(WRONG);
        const bad = await ask({ url: 'https://anna:secret@cloud.example.com/' }).expect(400);
        expect((bad.body as { error: string }).error).to.match(/^url: must not hold a user name or password/);
      });
    });
  }

  describe('Digest as servers of other makes ask for it (in front of Xandikos)', function () {
    let server: Xandikos;
    before(async () => {
      server = await Xandikos.start();
    });
    after(() => server?.stop());

    const ASKED: { name: string; challenge: Omit<DigestChallenge, 'user' | 'password'>; algorithm?: string }[] = [
      { name: 'MD5-sess', challenge: { algorithm: 'MD5-sess' }, algorithm: 'MD5-sess' },
      { name: 'SHA-256', challenge: { algorithm: 'SHA-256' }, algorithm: 'SHA-256' },
      { name: 'SHA-256-sess', challenge: { algorithm: 'SHA-256-sess' }, algorithm: 'SHA-256-sess' },
      { name: 'SHA-512-256', challenge: { algorithm: 'SHA-512-256' }, algorithm: 'SHA-512-256' },
      { name: 'SHA-512-256-sess', challenge: { algorithm: 'SHA-512-256-sess' }, algorithm: 'SHA-512-256-sess' },
      { name: 'no algorithm named (MD5)', challenge: { algorithm: null } },
      { name: 'no qop (RFC 2069)', challenge: { qop: null }, algorithm: 'MD5' },
      { name: 'qop "auth-int, auth"', challenge: { qop: 'auth-int, auth' }, algorithm: 'MD5' },
      { name: 'offered beside Basic', challenge: { others: ['Basic realm="CalDAV test"'] }, algorithm: 'MD5' },
      { name: 'a nonce stale after each request', challenge: { nonceUses: 1 }, algorithm: 'MD5' },
    ];
    for (const asked of ASKED) {
      it(`syncs both ways: ${asked.name}`, async () => {
        const list = await server.taskList(asked.name.replace(/\W+/g, '-').toLowerCase());
        await server.put(`${list}milk.ics`, TASK);
        const proxy = await CalDavProxy.start(server.url, {
          digest: { user: 'anna', password: PASSWORD, ...asked.challenge },
        });
        try {
          await loadCalDavSync(h, { url: `${proxy.url}${list}`, username: 'anna', password: PASSWORD });
          expect(resultOf(await syncNow(h))).to.deep.include({ created: 1 });
          await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Milk').id}/complete`);
          expect(resultOf(await syncNow(h)).written).to.deep.equal({ updated: 1, deleted: 0 });
          expect(await server.ics(`${list}milk.ics`)).to.include('STATUS:COMPLETED');

          const answered = proxy.requests.filter((request) => request.status !== 401);
          expect(answered.map((request) => request.method)).to.include.members(['REPORT', 'PUT']);
          for (const request of answered) {
            expect(request.digest?.algorithm, `${request.method} ${request.path}`).to.equal(asked.algorithm);
            expect(request.digest?.qop).to.equal(asked.challenge.qop === null ? undefined : 'auth');
          }
          const refused = proxy.requests.filter((request) => request.status === 401);
          expect(refused.length, 'the 401 answers').to.equal(
            asked.challenge.nonceUses === undefined ? 1 : answered.length,
          );
          if (asked.challenge.qop !== null && asked.challenge.nonceUses === undefined) {
            const counts = answered.map((request) => request.digest?.nc);
            expect(counts.slice(0, 3), 'the nonce count grows').to.deep.equal(['00000001', '00000002', '00000003']);
            expect(new Set(answered.map((request) => request.digest?.cnonce)).size, 'one client nonce').to.equal(1);
          }
          expect(JSON.stringify(proxy.requests)).to.not.include(PASSWORD);
        } finally {
          await proxy.stop();
        }
      });
    }

    it('a challenge it cannot answer: a clear error naming what it gives, no credentials sent, nothing listed', async () => {
      const list = await server.taskList('refused');
      const refusals: { name: string; options: ProxyOptions }[] = [
        { name: 'Bearer', options: { challenge: 'Bearer realm="CalDAV test"' } },
        {
          name: 'Digest qop auth-int only',
          options: { digest: { user: 'anna', password: PASSWORD, qop: 'auth-int' } },
        },
        { name: 'Digest userhash', options: { digest: { user: 'anna', password: PASSWORD, extra: 'userhash=true' } } },
      ];
      for (const refusal of refusals) {
        const proxy = await CalDavProxy.start(server.url, refusal.options);
        try {
          await loadCalDavSync(h, { url: `${proxy.url}${list}`, username: 'anna', password: PASSWORD });
          const run = await syncNow(h);
          expect(run.error?.message, refusal.name).to.include(
            `the CalDAV server ${proxy.url} asks for an authentication the CalDAV node does not give (HTTP 401): it gives Basic, and Digest with MD5, SHA-256 or SHA-512-256 and qop auth`,
          );
          expect(proxy.requests.map((request) => request.authorization)).to.deep.equal([undefined]);
          expect(listed(h)).to.deep.equal([]);
        } finally {
          await proxy.stop();
        }
        await h.reset();
      }
    });
  });

  describe('a server of another make answering otherwise (in front of Xandikos)', function () {
    let server: Xandikos;
    before(async () => {
      server = await Xandikos.start();
    });
    after(() => server?.stop());

    const multistatus = (responses: string) =>
      `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${responses}</d:multistatus>`;

    /** A sync of a new list holding Milk, through a proxy giving `answer`'s answers; its run and the proxy. */
    async function syncThrough(name: string, answer: ProxyOptions['answer']) {
      const list = await server.taskList(name);
      await server.put(`${list}milk.ics`, TASK);
      const proxy = await CalDavProxy.start(server.url, { answer });
      await loadCalDavSync(h, { url: `${proxy.url}${list}` });
      return { list, proxy, url: `${proxy.url}${list}`, run: await syncNow(h) };
    }

    it('refuses, is not WebDAV, says 404 inside a 207, sends the sync elsewhere: an error naming the address', async () => {
      const cases: { name: string; answer: ProxyOptions['answer']; error: (url: string, origin: string) => string }[] =
        [
          {
            name: 'forbidden',
            answer: (request) => (request.method === 'PROPFIND' ? { status: 403 } : undefined),
            error: (url) => `caldav url ${url}: the server refuses this user access to it (HTTP 403)`,
          },
          {
            name: 'web-page',
            answer: (request) =>
              request.method === 'PROPFIND'
                ? { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Welcome</body></html>' }
                : undefined,
            error: (url) =>
              `caldav url ${url}: not a CalDAV server or collection (it answers a WebDAV PROPFIND with HTTP 200)`,
          },
          {
            name: 'html-207',
            answer: (request) =>
              request.method === 'PROPFIND' ? { status: 207, body: '<html><body>Welcome</body></html>' } : undefined,
            error: (url) => `caldav url ${url}: the answer is not a WebDAV multistatus`,
          },
          {
            name: 'not-there',
            answer: (request) =>
              request.method === 'PROPFIND'
                ? {
                    status: 207,
                    body: multistatus(
                      `<d:response><d:href>${request.path}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
                    ),
                  }
                : undefined,
            error: (url) => `caldav url ${url}: not found on the server (HTTP 404)`,
          },
          {
            name: 'moved-away',
            answer: (request) =>
              request.method === 'PROPFIND'
                ? { status: 301, headers: { location: `http://elsewhere.example.com${request.path}` } }
                : undefined,
            error: (url) =>
              `PROPFIND ${url}: the server sends it on to another server, http://elsewhere.example.com; set the address it ends at`,
          },
          {
            name: 'report-fails',
            answer: (request) => (request.method === 'REPORT' ? { status: 500, body: 'Internal error' } : undefined),
            error: (url) => `reading the tasks of ${url}: the CalDAV server answered HTTP 500`,
          },
          {
            name: 'listed-without-data',
            answer: (request) =>
              request.method === 'REPORT'
                ? {
                    status: 207,
                    body: multistatus(
                      `<d:response><d:href>${request.path}milk.ics</d:href>` +
                        '<d:propstat><d:prop><d:getetag>"1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>' +
                        '<d:propstat><d:prop><c:calendar-data/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>' +
                        '</d:response>',
                    ),
                  }
                : undefined,
            error: (url) =>
              `reading the tasks of ${url}: the server lists ${url}milk.ics without its task (HTTP 404); nothing was synced`,
          },
          {
            name: 'redirect-loop',
            answer: (request) =>
              request.method === 'PROPFIND' ? { status: 307, headers: { location: request.path } } : undefined,
            error: (url) =>
              `PROPFIND ${url}: the server sends it on to too many other addresses; set the address it ends at`,
          },
          {
            name: 'listed-elsewhere',
            answer: (request) =>
              request.method === 'REPORT'
                ? {
                    status: 207,
                    body: multistatus(
                      '<d:response><d:href>/elsewhere/milk.ics</d:href><d:propstat><d:prop>' +
                        `<c:calendar-data>${TASK}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`,
                    ),
                  }
                : undefined,
            error: (url, origin) =>
              `reading the tasks of ${url}: the server lists ${origin}/elsewhere/milk.ics without its task; nothing was synced`,
          },
        ];
      for (const each of cases) {
        const { proxy, url, run } = await syncThrough(each.name, each.answer);
        try {
          expect(run.error?.message, each.name).to.equal(`DeviceCloudError: ${each.error(url, proxy.url)}`);
          expect(listed(h), each.name).to.deep.equal([]);
          expect(
            proxy.requests.map((request) => request.method),
            each.name,
          ).to.not.include('PUT');
        } finally {
          await proxy.stop();
        }
        await h.reset();
      }
    });

    it('reads a REPORT that lists the list itself, a task gone (404) and a task without its ETag', async () => {
      const { proxy, run } = await syncThrough('lean-report', (request) =>
        request.method === 'REPORT'
          ? {
              status: 207,
              body: multistatus(
                `<d:response><d:href>${request.path}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>` +
                  `<d:response><d:href>${request.path}gone.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>` +
                  `<d:response><d:href>${request.path}milk.ics</d:href><d:propstat><d:prop><c:calendar-data>${TASK}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`,
              ),
            }
          : undefined,
      );
      try {
        expect(resultOf(run)).to.deep.include({ created: 1 });
        expect(listed(h).map((todo) => todo.title)).to.deep.equal(['Milk']);
      } finally {
        await proxy.stop();
      }
    });

    it('a write refused: an error with what the server said, the tick kept; a task deleted meanwhile leaves the device', async () => {
      let refuse: { method: string; status: number; body?: string; deleting?: boolean } | undefined;
      let rereadRefused = false;
      const { list, proxy, url } = await syncThrough('writes', async (request) => {
        if (rereadRefused && request.method === 'GET') return { status: 503, body: 'Busy' };
        if (!refuse || request.method !== refuse.method) return undefined;
        if (refuse.deleting) await server.request('DELETE', request.path);
        return { status: refuse.status, body: refuse.body };
      });
      try {
        await server.put(`${list}bread.ics`, vtodo('bread', ['SUMMARY:Bread']));
        expect(resultOf(await syncNow(h))).to.deep.include({ created: 1 });
        expect(listed(h).map((todo) => todo.title)).to.have.members(['Milk', 'Bread']);
        await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Milk').id}/complete`);

        refuse = { method: 'PUT', status: 412 };
        rereadRefused = true;
        const unread = await syncNow(h);
        expect(unread.error?.message).to.include(
          `reading ${url}milk.ics: the CalDAV server answered HTTP 503. The next`,
        );
        rereadRefused = false;

        refuse = { method: 'PUT', status: 507, body: 'Quota exceeded' };
        const full = await syncNow(h);
        expect(full.error?.message).to.include(
          `writing ${url}milk.ics: the CalDAV server answered HTTP 507: Quota exceeded. The next sync tries again`,
        );
        expect(todoTitled(h, 'Milk').status, 'the tick kept').to.equal(1);
        expect(await server.ics(`${list}milk.ics`)).to.not.include('STATUS:COMPLETED');

        refuse = { method: 'PUT', status: 410, deleting: true };
        const gone = await syncNow(h);
        expect(resultOf(gone)).to.deep.include({ removed: 1, written: { updated: 0, deleted: 0 } });
        expect(listed(h).map((todo) => todo.title)).to.deep.equal(['Bread']);

        refuse = { method: 'DELETE', status: 500, body: '<html>Internal Server Error</html>' };
        await onDevice(h, 'DELETE', `/todos/${todoTitled(h, 'Bread').id}`);
        const kept = await syncNow(h);
        expect(kept.error?.message).to.include(`deleting ${url}bread.ics: the CalDAV server answered HTTP 500.`);
        expect(await server.ics(`${list}bread.ics`)).to.include('SUMMARY:Bread');
      } finally {
        await proxy.stop();
      }
    });
  });

  describe('no authentication (Xandikos)', function () {
    let server: Xandikos;
    before(async () => {
      server = await Xandikos.start();
    });
    after(() => server?.stop());

    it('syncs without credentials, sending none; lists task lists only, not address books or the home', async () => {
      const list = await server.taskList('chores', 'Chores');
      await server.put(`${list}milk.ics`, TASK);
      const proxy = await CalDavProxy.start(server.url);
      try {
        await loadCalDavSync(h, { url: `${proxy.url}${list}` });
        expect(resultOf(await syncNow(h))).to.deep.include({ created: 1 });
        expect(proxy.requests.filter((request) => request.authorization !== undefined)).to.deep.equal([]);
      } finally {
        await proxy.stop();
      }
      const answer = await admin()
        .post('/device-cloud/caldav/task-lists')
        .send({ url: `${server.url}/` })
        .expect(200);
      expect(answer.body).to.deep.equal([
        { url: `${server.url}/user/calendars/calendar/`, name: 'calendar' },
        { url: `${server.url}${list}`, name: 'Chores' },
      ]);
    });
  });

  describe("none asked, any taken (the simulator's stand-in)", function () {
    let server: SimulatorCalDav;
    before(async () => {
      server = await SimulatorCalDav.start();
    });
    after(() => server?.stop());

    it('syncs its task list with any user name and password, or none, sending none; lists it, not its events', async () => {
      const proxy = await CalDavProxy.start(server.url);
      try {
        for (const login of [{}, { username: 'anna', password: PASSWORD }]) {
          await loadCalDavSync(h, { url: `${proxy.url}${SIMULATOR_TASK_LIST}`, ...login });
          expect(resultOf(await syncNow(h)), JSON.stringify(login)).to.deep.include({ created: 4, completed: 1 });
          await h.reset();
        }
        expect(proxy.requests.filter((request) => request.authorization !== undefined)).to.deep.equal([]);
      } finally {
        await proxy.stop();
      }
      for (const asked of [{ url: server.url }, { url: `${server.url}/`, username: 'anna', password: PASSWORD }]) {
        const answer = await admin().post('/device-cloud/caldav/task-lists').send(asked).expect(200);
        expect(answer.body, JSON.stringify(asked)).to.deep.equal([
          { url: `${server.url}${SIMULATOR_TASK_LIST}`, name: 'Tasks' },
        ]);
      }
      expect(server.output, "the simulator's log").to.not.include(PASSWORD);
    });
  });

  describe('a server out of reach', function () {
    it('down (connection refused) or silent past the timeout: a clear error, nothing written; the next sync carries on', async () => {
      const server = await Radicale.start();
      const list = await server.taskList('tasks');
      await server.put(`${list}milk.ics`, TASK);
      const silent = net.createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        await loadCalDavSync(h, { url: `${server.url}${list}`, username: server.user, password: 'x' });
        resultOf(await syncNow(h));
        await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Milk').id}/complete`);

        const down = `http://127.0.0.1:${await freePort()}`;
        await loadCalDavSync(h, { url: `${down}${list}`, username: server.user, password: 'x' });
        h.sim.clearRequests();
        const refused = await syncNow(h);
        expect(refused.error?.message).to.match(
          new RegExp(`the CalDAV server ${down} could not be reached: .*ECONNREFUSED`),
        );
        expect(deviceWrites(h)).to.deep.equal([]);

        const port = (silent.address() as net.AddressInfo).port;
        await loadCalDavSync(h, { url: `http://127.0.0.1:${port}${list}`, timeout: 1 });
        const timedOut = await syncNow(h);
        expect(timedOut.error?.message).to.include(
          `the CalDAV server http://127.0.0.1:${port} did not answer within 1 s`,
        );
        expect(deviceWrites(h)).to.deep.equal([]);
        expect(todoTitled(h, 'Milk').status, 'the tick on the device kept').to.equal(1);
        expect(await server.ics(`${list}milk.ics`)).to.not.include('STATUS:COMPLETED');

        await loadCalDavSync(h, { url: `${server.url}${list}`, username: server.user, password: 'x' });
        const next = await syncNow(h);
        expect(next.reports.map((report) => report.change)).to.deep.equal(['completed']);
        expect(await server.ics(`${list}milk.ics`)).to.include('STATUS:COMPLETED');
      } finally {
        silent.close();
        await server.stop();
      }
    });
  });
});
