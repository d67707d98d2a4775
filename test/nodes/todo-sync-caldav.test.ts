// The to-do sync with a CalDAV task list (its caldav property), in Node-RED against the simulator and each of three
// CalDAV servers: two real ones from Debian, Radicale and Xandikos, and the simulator's own stand-in, which must
// answer as they do. The tasks another client made reach the device; what a person does on the device goes back
// to the tasks, one write per task on the ETag read, a task changed on the server meanwhile (a real 412) merged,
// never overwritten; what the device cannot show stays on the server.
// Each test reads back the .ics the server holds, what the device shows, the messages out and the Catch node's.

import { expect } from 'chai';
import { CalDavProxy } from '../support/caldav-proxy';
import { vtodo, type CalDavServer } from '../support/caldav-server';
import {
  deviceWrites,
  listed,
  loadCalDavSync,
  noteOf,
  onDevice,
  resultOf,
  syncNow,
  todoTitled,
  KITCHEN,
} from '../support/caldav-sync-run';
import { Harness } from '../support/harness';
import { Radicale } from '../support/radicale';
import { SimulatorCalDav } from '../support/simulator-caldav';
import { Xandikos } from '../support/xandikos';

const SIMULATOR = 'the simulator';
const SERVERS: { name: string; start: () => Promise<CalDavServer> }[] = [
  { name: 'Radicale', start: () => Radicale.start() },
  { name: 'Xandikos', start: () => Xandikos.start() },
  { name: SIMULATOR, start: () => SimulatorCalDav.start() },
];

const DENTIST = 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6';
const BINS = '040000008200E00074C5B7101A82E00800000000B0C6D3A4E1F2DA01';
const MILK = 'milk@example.com';
const RENT = 'rent-2026-12';
const SHOPPING_ZH = 'zh-0001';

const TASKS: Record<string, { uid: string; lines: string[] }> = {
  'dentist.ics': {
    uid: DENTIST,
    lines: ['SUMMARY:Dentist', 'DUE;TZID=America/New_York:20261224T083000', 'PRIORITY:1', 'STATUS:NEEDS-ACTION'],
  },
  'bins.ics': {
    uid: BINS,
    lines: ['SUMMARY:Take out the bins', 'DUE;VALUE=DATE:20261221', 'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10'],
  },
  'milk.ics': { uid: MILK, lines: ['SUMMARY:Milk\\, oat\\; 2 l \\\\ cold', 'DESCRIPTION:Semi-skimmed', 'PRIORITY:5'] },
  'rent.ics': {
    uid: RENT,
    lines: ['SUMMARY:Pay the rent', 'DUE:20261201T090000Z', 'STATUS:COMPLETED', 'COMPLETED:20261120T080000Z'],
  },
  'zh.ics': {
    uid: SHOPPING_ZH,
    lines: ['SUMMARY:买牛奶和面包 🥛', 'DUE;VALUE=DATE:20261215', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=15'],
  },
  'cancelled.ics': { uid: 'cancelled-1', lines: ['SUMMARY:Called off', 'STATUS:CANCELLED'] },
};

for (const { name, start } of SERVERS) {
  describe(`to-do sync with a CalDAV task list on ${name}`, function () {
    this.timeout(60_000);
    const h = Harness.forSuite();
    let server: CalDavServer;
    let proxy: CalDavProxy | undefined;
    let lists = 0;

    before(async () => {
      server = await start();
    });
    after(() => server?.stop());
    afterEach(async () => {
      await proxy?.stop();
      proxy = undefined;
    });

    /** A new task list holding `tasks`; its path. */
    async function taskList(tasks: Record<string, { uid: string; lines: string[] }> = TASKS): Promise<string> {
      const list = await server.taskList(`tasks-${++lists}`, `Tasks ${lists}`);
      for (const [file, { uid, lines }] of Object.entries(tasks)) await server.put(`${list}${file}`, vtodo(uid, lines));
      return list;
    }

    /** A proxy in front of the server at which another client writes `ics` to a task just before the sync's first PUT to it. */
    async function editedBeforeFirstWrite(ics: string): Promise<CalDavProxy> {
      let edited = false;
      return CalDavProxy.start(server.url, {
        before: async (request) => {
          if (request.method !== 'PUT' || edited) return;
          edited = true;
          await server.put(request.path, ics);
        },
      });
    }

    /** The sync of a list of the server (through the proxy, when there is one), as its user. */
    function load(list: string, sync: Record<string, unknown> = {}) {
      const base = proxy?.url ?? server.url;
      return loadCalDavSync(h, { url: `${base}${list}`, username: server.user, password: server.password }, sync);
    }

    it('brings the tasks to the device as they read: time zones, all-day, repeats, priorities, ticks, any text', async () => {
      const list = await taskList();
      await load(list);
      const etags = await Promise.all(
        Object.keys(TASKS).map(async (file) => (await server.request('GET', `${list}${file}`)).etag),
      );

      const first = await syncNow(h);
      expect(resultOf(first)).to.deep.include({ created: 5, completed: 1, written: { updated: 0, deleted: 0 } });
      expect(first.reports).to.deep.equal([]);
      expect(listed(h)).to.have.length(5);
      expect(todoTitled(h, 'Dentist'), 'New York 08:30 is Berlin 14:30').to.include({
        dueDate: '2026-12-24',
        dueTime: '14:30',
        priority: 2,
        status: 0,
        deviceId: KITCHEN,
      });
      expect(todoTitled(h, 'Take out the bins'), 'all-day, weekly on Mondays').to.include({
        dueDate: '2026-12-21',
        dueTime: '',
        repeatType: 'weekly',
        repeatWeekday: 1,
      });
      const milk = todoTitled(h, 'Milk, oat; 2 l \\ cold');
      expect(milk).to.include({ priority: 1, status: 0 });
      expect(noteOf(milk)).to.equal('Semi-skimmed');
      expect(todoTitled(h, 'Pay the rent'), '09:00 UTC is Berlin 10:00').to.include({ dueTime: '10:00', status: 1 });
      expect(todoTitled(h, '买牛奶和面包 🥛')).to.include({
        dueDate: '2026-12-15',
        repeatType: 'monthly',
        repeatDay: 15,
      });
      expect(listed(h).map((todo) => todo.title)).to.not.include('Called off');

      h.sim.clearRequests();
      const again = await syncNow(h);
      expect(resultOf(again)).to.deep.include({ created: 0, updated: 0, unchanged: 5 });
      expect(deviceWrites(h), 'nothing written to the device').to.deep.equal([]);
      const after = await Promise.all(
        Object.keys(TASKS).map(async (file) => (await server.request('GET', `${list}${file}`)).etag),
      );
      expect(after, 'nothing written to the server').to.deep.equal(etags);
    });

    it('writes two changes to one task as one PUT on the ETag read, keeping all the device cannot show', async () => {
      const kept = [
        'CATEGORIES:Home,Errands',
        'X-APPLE-SORT-ORDER;X-PARAM=kept:42',
        'ATTENDEE;CN="Anna";ROLE=REQ-PARTICIPANT:mailto:anna@example.com',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Reminder',
        'TRIGGER:-PT15M',
        'END:VALARM',
      ];
      const list = await taskList({ 'milk.ics': { uid: MILK, lines: ['SUMMARY:Milk', 'PRIORITY:5', ...kept] } });
      proxy = await CalDavProxy.start(server.url);
      await load(list);
      resultOf(await syncNow(h));
      const read = (await server.request('GET', `${list}milk.ics`)).etag;
      const milk = todoTitled(h, 'Milk');
      await onDevice(h, 'PUT', `/todos/${milk.id}`, { title: 'Oat milk, 2 l; cold \\ 冷 🥛' });
      await onDevice(h, 'PUT', `/todos/${milk.id}/complete`);
      proxy.requests.length = 0;

      const run = await syncNow(h);
      expect(run.reports.map((report) => report.change).sort()).to.deep.equal(['completed', 'edited']);
      expect(resultOf(run).written).to.deep.equal({ updated: 1, deleted: 0 });
      const puts = proxy.requests.filter((request) => request.method === 'PUT');
      expect(
        puts.map((request) => [request.path, request.status]),
        'one PUT',
      ).to.deep.equal([[`${list}milk.ics`, puts[0]?.status]]);
      expect(puts[0].status).to.be.within(200, 299);
      expect(puts[0].ifMatch, 'the ETag read').to.equal(read);
      const ics = await server.ics(`${list}milk.ics`);
      expect(ics)
        .to.include('SUMMARY:Oat milk\\, 2 l\\; cold \\\\ 冷 🥛')
        .and.match(/\r\nSTATUS:COMPLETED\r\n/);
      expect(ics).to.match(/\r\nCOMPLETED:\d{8}T\d{6}Z\r\n/);
      for (const line of [
        'CATEGORIES:Home,Errands',
        'X-APPLE-SORT-ORDER;X-PARAM=kept:42',
        'TRIGGER:-PT15M',
        'BEGIN:VALARM',
      ]) {
        expect(ics, line).to.include(line);
      }
      expect(ics).to.match(/ATTENDEE;CN=("?)Anna\1;ROLE=REQ-PARTICIPANT:mailto:anna@example\.com/);
      expect(ics).to.include('PRIORITY:5');

      proxy.requests.length = 0;
      h.sim.clearRequests();
      const quiet = await syncNow(h);
      expect(resultOf(quiet)).to.deep.include({ updated: 0, completed: 0, written: { updated: 0, deleted: 0 } });
      expect(quiet.reports).to.deep.equal([]);
      expect(proxy.seen('PUT'), 'nothing written again').to.deep.equal([]);
      expect(deviceWrites(h)).to.deep.equal([]);
    });

    it('moves a repeating task ticked on the device on to its next occurrence, open, on both sides', async () => {
      const list = await taskList({
        'bins.ics': {
          uid: BINS,
          lines: ['SUMMARY:Take out the bins', 'DUE;VALUE=DATE:20261221', 'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10'],
        },
        'plants.ics': {
          uid: 'plants',
          lines: [
            'SUMMARY:Water the plants',
            'DTSTART;TZID=Europe/Berlin:20261219T080000',
            'DUE;TZID=Europe/Berlin:20261219T090000',
            'RRULE:FREQ=DAILY;INTERVAL=3',
          ],
        },
      });
      await load(list);
      resultOf(await syncNow(h));
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Take out the bins').id}/complete`);
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Water the plants').id}/complete`);

      const run = await syncNow(h);
      expect(run.reports.map((report) => report.change)).to.deep.equal(['completed', 'completed']);
      expect(resultOf(run)).to.deep.include({ reopened: 2, written: { updated: 2, deleted: 0 } });
      const bins = await server.ics(`${list}bins.ics`);
      expect(bins).to.include('DUE;VALUE=DATE:20261228').and.include('STATUS:NEEDS-ACTION');
      expect(bins, 'one occurrence counted off').to.match(
        /RRULE:FREQ=WEEKLY;(?:BYDAY=MO;COUNT=9|COUNT=9;BYDAY=MO)\r\n/,
      );
      expect(bins).to.not.match(/\r\nCOMPLETED:/);
      const plants = await server.ics(`${list}plants.ics`);
      expect(plants)
        .to.include('DTSTART;TZID=Europe/Berlin:20261222T080000')
        .and.include('DUE;TZID=Europe/Berlin:20261222T090000');
      expect(plants, 'a rule the device cannot show is kept').to.include('RRULE:FREQ=DAILY;INTERVAL=3');
      expect(todoTitled(h, 'Take out the bins'), 'open again, next Monday').to.include({
        status: 0,
        dueDate: '2026-12-28',
      });
      expect(todoTitled(h, 'Water the plants')).to.include({ status: 0, dueDate: '2026-12-22', dueTime: '09:00' });

      const quiet = await syncNow(h);
      expect(resultOf(quiet)).to.deep.include({ updated: 0, reopened: 0, written: { updated: 0, deleted: 0 } });
      expect(quiet.reports).to.deep.equal([]);
    });

    it('keeps a change made on the server and one made on the device between two syncs, each on the other side', async () => {
      const list = await taskList();
      await load(list);
      resultOf(await syncNow(h));
      await server.put(
        `${list}dentist.ics`,
        vtodo(DENTIST, ['SUMMARY:Dentist\\, Dr Lee', ...TASKS['dentist.ics'].lines.slice(1)]),
      );
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Dentist').id}/complete`);
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Milk, oat; 2 l \\ cold').id}`, { description: 'Two cartons' });
      await server.put(`${list}rent.ics`, vtodo(RENT, ['SUMMARY:Pay the rent in January', 'DUE:20270101T090000Z']));

      const run = await syncNow(h);
      expect(run.reports.map((report) => [report.key, report.change])).to.have.deep.members([
        [DENTIST, 'completed'],
        [MILK, 'edited'],
      ]);
      const dentist = await server.ics(`${list}dentist.ics`);
      expect(dentist).to.include('SUMMARY:Dentist\\, Dr Lee').and.include('STATUS:COMPLETED');
      expect(dentist, 'the due time as it was').to.include('DUE;TZID=America/New_York:20261224T083000');
      expect(await server.ics(`${list}milk.ics`)).to.include('DESCRIPTION:Two cartons');
      expect(todoTitled(h, 'Dentist, Dr Lee')).to.include({ status: 1 });
      expect(todoTitled(h, 'Pay the rent in January')).to.include({
        status: 0,
        dueDate: '2027-01-01',
        dueTime: '10:00',
      });
      expect(noteOf(todoTitled(h, 'Milk, oat; 2 l \\ cold'))).to.equal('Two cartons');
    });

    it('reads a task changed on the server between its read and its write again (HTTP 412), and merges', async () => {
      const list = await taskList();
      // Another client, just before the sync's write: the task's description changes on the server.
      proxy = await editedBeforeFirstWrite(
        vtodo(DENTIST, [...TASKS['dentist.ics'].lines, 'DESCRIPTION:Bring the X-rays']),
      );
      await load(list);
      resultOf(await syncNow(h));
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Dentist').id}`, {
        dueDate: '2026-12-28',
        dueTime: '16:00',
        priority: 0,
      });
      proxy.requests.length = 0;

      const run = await syncNow(h);
      expect(resultOf(run).written).to.deep.equal({ updated: 1, deleted: 0 });
      expect(proxy.seen().filter((seen) => !seen.startsWith('PROPFIND') && !seen.startsWith('REPORT'))).to.deep.equal([
        `PUT ${list}dentist.ics 412`,
        `GET ${list}dentist.ics 200`,
        `PUT ${list}dentist.ics ${proxy.requests.filter((request) => request.method === 'PUT')[1]?.status}`,
      ]);
      const ics = await server.ics(`${list}dentist.ics`);
      expect(ics, "the server's change").to.include('DESCRIPTION:Bring the X-rays');
      expect(ics, "the device's: 16:00 in Berlin is 10:00 in New York").to.include(
        'DUE;TZID=America/New_York:20261228T100000',
      );
      expect(ics).to.not.match(/\r\nPRIORITY:/);
      expect(ics, 'its time zone defined').to.match(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York\r\n/);
      expect(noteOf(todoTitled(h, 'Dentist')), "the server's change on the device in the same sync").to.equal(
        'Bring the X-rays',
      );
    });

    describe('a task changed on the server and on the device between two syncs: merged field by field', function () {
      it('renamed on the server, its priority changed on the device: one PUT, both on both sides', async () => {
        const list = await taskList();
        proxy = await CalDavProxy.start(server.url);
        await load(list);
        resultOf(await syncNow(h));
        const renamed = await server.put(
          `${list}milk.ics`,
          vtodo(MILK, ['SUMMARY:Oat milk', 'DESCRIPTION:Semi-skimmed', 'PRIORITY:5']),
        );
        const milk = todoTitled(h, 'Milk, oat; 2 l \\ cold');
        await onDevice(h, 'PUT', `/todos/${milk.id}`, { priority: 2 });
        proxy.requests.length = 0;

        const run = await syncNow(h);
        expect(run.reports.map((report) => [report.key, report.change, report.fields])).to.deep.equal([
          [MILK, 'edited', { priority: 2 }],
        ]);
        expect(run.reports[0].todo, 'the to-do as merged').to.include({ title: 'Oat milk', priority: 2 });
        expect(resultOf(run)).to.deep.include({ updated: 1, written: { updated: 1, deleted: 0 } });
        const puts = proxy.requests.filter((request) => request.method === 'PUT');
        expect(puts.map((request) => [request.path, request.ifMatch])).to.deep.equal([[`${list}milk.ics`, renamed]]);
        const ics = await server.ics(`${list}milk.ics`);
        expect(ics, "the server's title").to.include('SUMMARY:Oat milk');
        expect(ics, "the device's priority: urgent").to.match(/\r\nPRIORITY:1\r\n/);
        expect(ics).to.include('DESCRIPTION:Semi-skimmed');
        expect(todoTitled(h, 'Oat milk')).to.include({ id: milk.id, priority: 2 });
        expect(noteOf(todoTitled(h, 'Oat milk'))).to.equal('Semi-skimmed');

        proxy.requests.length = 0;
        h.sim.clearRequests();
        const quiet = await syncNow(h);
        expect(resultOf(quiet)).to.deep.include({ updated: 0, written: { updated: 0, deleted: 0 } });
        expect(quiet.reports).to.deep.equal([]);
        expect(proxy.seen('PUT')).to.deep.equal([]);
        expect(deviceWrites(h)).to.deep.equal([]);
      });

      it('the same field changed on both: the list’s value on both, nothing written to the server', async () => {
        const list = await taskList();
        proxy = await CalDavProxy.start(server.url);
        await load(list);
        resultOf(await syncNow(h));
        await server.put(
          `${list}milk.ics`,
          vtodo(MILK, ['SUMMARY:Oat milk', 'DESCRIPTION:Semi-skimmed', 'PRIORITY:5']),
        );
        const before = (await server.request('GET', `${list}milk.ics`)).body;
        const milk = todoTitled(h, 'Milk, oat; 2 l \\ cold');
        await onDevice(h, 'PUT', `/todos/${milk.id}`, { title: 'Soy milk' });
        proxy.requests.length = 0;

        const run = await syncNow(h);
        expect(run.reports).to.deep.equal([]);
        expect(resultOf(run)).to.deep.include({ updated: 1, written: { updated: 0, deleted: 0 } });
        expect(proxy.seen('PUT')).to.deep.equal([]);
        expect((await server.request('GET', `${list}milk.ics`)).body).to.equal(before);
        expect(todoTitled(h, 'Oat milk')).to.include({ id: milk.id, priority: 1 });
        expect(listed(h).map((todo) => todo.title)).to.not.include('Soy milk');
      });

      it('and another client changes the task again before the write (HTTP 412): read again and merged, each field once', async () => {
        const list = await taskList();
        const [, ...dentist] = TASKS['dentist.ics'].lines;
        // Another client, just before the sync's write: a note, and a new due time.
        proxy = await editedBeforeFirstWrite(
          vtodo(DENTIST, [
            'SUMMARY:Dentist\\, Dr Lee',
            'DUE;TZID=America/New_York:20261230T090000',
            'PRIORITY:1',
            'DESCRIPTION:Bring the X-rays',
          ]),
        );
        await load(list);
        resultOf(await syncNow(h));
        await server.put(`${list}dentist.ics`, vtodo(DENTIST, ['SUMMARY:Dentist\\, Dr Lee', ...dentist]));
        const id = todoTitled(h, 'Dentist').id;
        await onDevice(h, 'PUT', `/todos/${id}`, { priority: 1, dueDate: '2026-12-28', dueTime: '16:00' });
        proxy.requests.length = 0;

        const run = await syncNow(h);
        expect(run.reports.map((report) => report.fields)).to.deep.equal([
          { priority: 1, dueDate: '2026-12-28', dueTime: '16:00' },
        ]);
        expect(resultOf(run).written).to.deep.equal({ updated: 1, deleted: 0 });
        const puts = proxy.requests.filter((request) => request.method === 'PUT');
        expect(proxy.seen().filter((seen) => !/^(PROPFIND|REPORT) /.test(seen))).to.deep.equal([
          `PUT ${list}dentist.ics 412`,
          `GET ${list}dentist.ics 200`,
          `PUT ${list}dentist.ics ${puts[1]?.status}`,
        ]);
        expect(puts[1].status).to.be.within(200, 299);
        const ics = await server.ics(`${list}dentist.ics`);
        expect(ics, "the server's title").to.include('SUMMARY:Dentist\\, Dr Lee');
        expect(ics, "the other client's note").to.include('DESCRIPTION:Bring the X-rays');
        expect(ics, "the device's priority: important").to.match(/\r\nPRIORITY:5\r\n/);
        expect(ics, 'the due time both changed: the server’s').to.include('DUE;TZID=America/New_York:20261230T090000');
        const shown = todoTitled(h, 'Dentist, Dr Lee');
        expect(shown, 'New York 09:00 is Berlin 15:00').to.include({
          id,
          priority: 1,
          dueDate: '2026-12-30',
          dueTime: '15:00',
        });
        expect(noteOf(shown)).to.equal('Bring the X-rays');

        proxy.requests.length = 0;
        const quiet = await syncNow(h);
        expect(quiet.reports).to.deep.equal([]);
        expect(proxy.seen('PUT')).to.deep.equal([]);
      });
    });

    it('reads a repeat from a rule that leaves the day to the due, any other as none; writes a due in the task’s form', async () => {
      const date = (day: string) => `DUE;VALUE=DATE:${day}`;
      const list = await taskList({
        'every-other.ics': {
          uid: 'every-other',
          lines: ['SUMMARY:Every other day', date('20261210'), 'RRULE:FREQ=DAILY;INTERVAL=2'],
        },
        'two-days.ics': {
          uid: 'two-days',
          lines: ['SUMMARY:Mondays and Thursdays', date('20261210'), 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH'],
        },
        'hourly.ics': { uid: 'hourly', lines: ['SUMMARY:Every hour', date('20261210'), 'RRULE:FREQ=HOURLY'] },
        'weekly.ics': { uid: 'weekly', lines: ['SUMMARY:Weekly', date('20261223'), 'RRULE:FREQ=WEEKLY'] },
        'monthly.ics': { uid: 'monthly', lines: ['SUMMARY:Monthly', date('20261209'), 'RRULE:FREQ=MONTHLY'] },
        'yearly.ics': { uid: 'yearly', lines: ['SUMMARY:Yearly', date('20260314'), 'RRULE:FREQ=YEARLY'] },
        'july.ics': {
          uid: 'july',
          lines: ['SUMMARY:July', date('20260704'), 'RRULE:FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4'],
        },
        'last.ics': { uid: 'last', lines: ['SUMMARY:Last time', date('20261210'), 'RRULE:FREQ=DAILY;COUNT=1'] },
        'ended.ics': { uid: 'ended', lines: ['SUMMARY:Ended', date('20261210'), 'RRULE:FREQ=DAILY;UNTIL=20261210'] },
        'floating.ics': { uid: 'floating', lines: ['SUMMARY:Floating', 'DUE:20261210T070000'] },
        'undated.ics': { uid: 'undated', lines: ['SUMMARY:Undated', 'DTSTART;VALUE=DATE:20261230'] },
      });
      await load(list);
      expect(resultOf(await syncNow(h))).to.deep.include({ created: 11 });
      for (const title of ['Every other day', 'Mondays and Thursdays', 'Every hour', 'Floating', 'Undated']) {
        expect(todoTitled(h, title).repeatType ?? 'none', title).to.equal('none');
      }
      expect(todoTitled(h, 'Weekly'), 'the due’s weekday').to.include({ repeatType: 'weekly', repeatWeekday: 3 });
      expect(todoTitled(h, 'Monthly'), 'the due’s day').to.include({ repeatType: 'monthly', repeatDay: 9 });
      expect(todoTitled(h, 'Yearly')).to.include({ repeatType: 'yearly', repeatMonth: 3, repeatDay: 14 });
      expect(todoTitled(h, 'July')).to.include({ repeatType: 'yearly', repeatMonth: 7, repeatDay: 4 });
      expect(todoTitled(h, 'Last time')).to.include({ repeatType: 'daily' });
      expect(todoTitled(h, 'Floating'), 'as written').to.include({ dueDate: '2026-12-10', dueTime: '07:00' });

      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Floating').id}`, { dueTime: '08:15' });
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Undated').id}`, { dueDate: '2026-12-20', dueTime: '18:00' });
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Every hour').id}`, { dueDate: '' });
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Last time').id}/complete`);
      await onDevice(h, 'PUT', `/todos/${todoTitled(h, 'Ended').id}/complete`);
      const run = await syncNow(h);
      expect(resultOf(run).written).to.deep.equal({ updated: 5, deleted: 0 });
      expect(await server.ics(`${list}floating.ics`), 'still floating').to.include('\r\nDUE:20261210T081500\r\n');
      const undated = await server.ics(`${list}undated.ics`);
      expect(undated, 'on the display’s clock').to.include('DUE;TZID=Europe/Berlin:20261220T180000');
      expect(undated, 'with its zone').to.include('BEGIN:VTIMEZONE').and.include('TZID:Europe/Berlin');
      expect(undated, 'a start after the due moved to it').to.include('DTSTART;TZID=Europe/Berlin:20261220T180000');
      expect(await server.ics(`${list}hourly.ics`), 'the due cleared').to.not.match(/\r\nDUE/);
      for (const file of ['last.ics', 'ended.ics']) {
        expect(await server.ics(`${list}${file}`), `${file}: no occurrence left`).to.include('STATUS:COMPLETED');
      }
      expect(todoTitled(h, 'Last time').status).to.equal(1);
      expect(todoTitled(h, 'Ended').status).to.equal(1);
    });

    it('deletes the task of a to-do deleted on the device, on the ETag read', async () => {
      const list = await taskList();
      await load(list);
      resultOf(await syncNow(h));
      await onDevice(h, 'DELETE', `/todos/${todoTitled(h, 'Pay the rent').id}`);
      const run = await syncNow(h);
      expect(run.reports.map((report) => report.change)).to.deep.equal(['deleted']);
      expect(resultOf(run).written).to.deep.equal({ updated: 0, deleted: 1 });
      expect((await server.request('GET', `${list}rent.ics`)).status).to.equal(404);
      expect(listed(h)).to.have.length(4);
    });

    describe('an address that is not a task list: an error naming it and what it is, nothing written', function () {
      const cases: { what: string; path: () => Promise<string> | string; said: RegExp; on?: string[] }[] = [
        {
          what: "the server's root",
          path: () => '/',
          said: /the server's root/,
        },
        { what: 'the principal', path: () => server.principal, said: /principal/ },
        // Radicale's calendar home is the principal itself.
        {
          what: 'the calendar home',
          path: () => server.calendarHome,
          said: name === 'Radicale' ? /principal/ : /calendar home/,
        },
        {
          what: 'an address book',
          path: () => server.addressBook(),
          said: /an address book/,
          // The simulator serves calendars only.
          on: ['Radicale', 'Xandikos'],
        },
        {
          what: 'a calendar of events',
          path: () => server.calendar(`events-${++lists}`, ['VEVENT']),
          said: /a calendar for VEVENT only/,
          // Xandikos has none: each of its calendars takes every component.
          on: ['Radicale', SIMULATOR],
        },
        {
          what: 'an address not found',
          path: () => `${server.calendarHome}nothing/`,
          said: /not found on the server \(HTTP 404\)/,
        },
      ];
      for (const { what, path, said } of cases.filter((each) => !each.on || each.on.includes(name))) {
        it(what, async () => {
          const list = await taskList();
          await load(list);
          resultOf(await syncNow(h));
          const address = await path();
          await load(address);
          h.sim.clearRequests();
          const before = await server.request('REPORT', list, undefined, { depth: '1' });

          const run = await syncNow(h);
          const url = `${server.url}${address}`;
          expect(run.error?.message, JSON.stringify(run.result)).to.be.a('string');
          expect(run.error?.message).to.include(`caldav url ${url}`).and.match(said);
          expect(run.reports).to.deep.equal([]);
          expect(listed(h), "the device's to-dos stay").to.have.length(5);
          expect(deviceWrites(h)).to.deep.equal([]);
          expect((await server.request('REPORT', list, undefined, { depth: '1' })).body).to.equal(before.body);
        });
      }
    });
  });
}
