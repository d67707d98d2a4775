// The to-do sync with a CalDAV task list (its caldav property), in Node-RED against the simulator and each of two
// real CalDAV servers from Debian, Radicale and Xandikos: the tasks another client made reach the device; what a
// person does on the device goes back to the tasks, one write per task on the ETag read, a task changed on the
// server meanwhile (a real 412) merged, never overwritten; what the device cannot show stays on the server.
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
import { Xandikos } from '../support/xandikos';

const SERVERS: { name: string; start: () => Promise<CalDavServer> }[] = [
  { name: 'Radicale', start: () => Radicale.start() },
  { name: 'Xandikos', start: () => Xandikos.start() },
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
    let h: Harness;
    let server: CalDavServer;
    let proxy: CalDavProxy | undefined;
    let lists = 0;

    before(async () => {
      h = await Harness.start();
      server = await start();
    });
    after(async () => {
      await h?.stop();
      await server?.stop();
    });
    afterEach(async () => {
      await h.reset();
      await proxy?.stop();
      proxy = undefined;
    });

    /** A new task list holding `tasks`; its path. */
    async function taskList(tasks: Record<string, { uid: string; lines: string[] }> = TASKS): Promise<string> {
      const list = await server.taskList(`tasks-${++lists}`, `Tasks ${lists}`);
      for (const [file, { uid, lines }] of Object.entries(tasks)) await server.put(`${list}${file}`, vtodo(uid, lines));
      return list;
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
  });
}
