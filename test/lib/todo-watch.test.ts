// The to-do watch's logic on its own: diffs, due moments in the host's time zone, the clock injected.

import { expect } from 'chai';
import type { TodoListItem } from '../../dist/lib';
import {
  TodoWatch,
  changeOf,
  diffSnapshots,
  dueMoment,
  pollDelay,
  snapshotOf,
  type TodoEvent,
} from '../../dist/lib/todos/watch';
import { untyped } from '../support/untyped';
import { dueFields } from '../support/dates';

const MINUTE = 60_000;

/** A list item as GET /todos gives it. */
function item(id: number, fields: Partial<TodoListItem> = {}): TodoListItem {
  const status = fields.status ?? 0;
  return {
    id,
    title: `to-do ${id}`,
    description: null,
    dueDate: '',
    dueTime: '',
    repeatType: 'none',
    status,
    priority: 0,
    completed: status === 1,
    deviceId: '',
    deviceName: '',
    createDate: '2026-04-11 18:27:00',
    updateDate: 1775900000,
    ...fields,
  };
}

function completed(todo: TodoListItem): TodoListItem {
  return { ...todo, status: 1, completed: true, updateDate: todo.updateDate + 1 };
}

function kinds(events: TodoEvent[]): string[] {
  return events.map((event) => `${event.kind} ${event.id}`);
}

/** A clock on a whole minute, so due times (HH:mm) fall exactly on ticks of it. */
function wholeMinute(offsetMinutes = 0): number {
  const at = new Date();
  at.setSeconds(0, 0);
  return at.getTime() + offsetMinutes * MINUTE;
}

describe('todo-watch logic', function () {
  describe('snapshotOf', function () {
    it('keys list items by numeric id, leaves out items without one, keeps the last of a repeated id', function () {
      const snapshot = snapshotOf([
        item(2),
        item(untyped('3')),
        untyped({ title: 'no id' }),
        untyped(null),
        item(2, { title: 'again' }),
      ]);
      expect([...snapshot.keys()]).to.deep.equal([2, 3]);
      expect(snapshot.get(2)?.title).to.equal('again');
    });
  });

  describe('diffSnapshots', function () {
    it('tells created, updated, completed, reopened and deleted apart, in id order, with the earlier version', function () {
      const one = item(1);
      const two = item(2);
      const three = item(3, { status: 1 });
      const four = item(4);
      const before = snapshotOf([four, three, two, one]);
      const after = snapshotOf([
        { ...one, title: 'renamed' },
        completed(two),
        { ...three, status: 0 as const, completed: false },
        item(5),
      ]);
      const events = diffSnapshots(before, after);
      expect(kinds(events)).to.deep.equal(['updated 1', 'completed 2', 'reopened 3', 'deleted 4', 'created 5']);
      expect(events[0].todo.title).to.equal('renamed');
      expect(events[0].previous).to.equal(one);
      expect(events[1].previous).to.equal(two);
      expect(events[2].previous).to.equal(three);
      expect(events[3].todo).to.equal(four);
      expect(events[3].previous).to.equal(four);
      expect(events[4]).to.not.have.property('previous');
    });

    it('sends one message with the state topic when other fields change with the state', function () {
      const before = item(1);
      const after: TodoListItem = { ...completed(before), title: 'done and renamed', priority: 2 };
      expect(changeOf(before, after)).to.equal('completed');
      expect(changeOf(after, { ...before, title: 'back' })).to.equal('reopened');
    });

    it('sees no change when only updateDate moves, and a change in any other field', function () {
      const before = item(1);
      expect(changeOf(before, { ...before, updateDate: before.updateDate + 60 })).to.equal(undefined);
      expect(changeOf(before, { ...before, description: '' })).to.equal('updated');
      expect(changeOf(before, { ...before, dueTime: '09:00' })).to.equal('updated');
      expect(changeOf(before, { ...before, deviceName: 'Kitchen' })).to.equal('updated');
      expect(changeOf(before, { ...before, tags: ['new field'] })).to.equal('updated');
      expect(changeOf({ ...before, tags: ['a'] }, { ...before, tags: ['a'] })).to.equal(undefined);
    });

    it('reads the state from status or completed, as the service may give either', function () {
      const before = item(1);
      expect(changeOf(before, { ...before, status: untyped('1') })).to.equal('completed');
      expect(changeOf(before, { ...before, completed: true })).to.equal('completed');
    });
  });

  describe('dueMoment', function () {
    it('is the due date at the due time, or at the start of that day, in local time', function () {
      expect(dueMoment({ dueDate: '2026-04-11', dueTime: '08:30' })).to.equal(new Date(2026, 3, 11, 8, 30).getTime());
      expect(dueMoment({ dueDate: '2026-04-11', dueTime: '' })).to.equal(new Date(2026, 3, 11).getTime());
      expect(dueMoment({ dueDate: '2026-04-11', dueTime: untyped(null) })).to.equal(new Date(2026, 3, 11).getTime());
      expect(dueMoment({ dueDate: '2026-04-11', dueTime: '25:00' })).to.equal(new Date(2026, 3, 11).getTime());
    });

    it('has none without a readable date', function () {
      expect(dueMoment({ dueDate: '', dueTime: '08:00' })).to.equal(undefined);
      expect(dueMoment({ dueDate: untyped(null), dueTime: '' })).to.equal(undefined);
      expect(dueMoment({ dueDate: '2026-02-30', dueTime: '' })).to.equal(undefined);
      expect(dueMoment({ dueDate: 'tomorrow', dueTime: '' })).to.equal(undefined);
    });

    it("follows the host's time zone", function () {
      const original = process.env.TZ;
      try {
        process.env.TZ = 'Asia/Shanghai';
        expect(dueMoment({ dueDate: '2026-04-11', dueTime: '08:30' })).to.equal(Date.UTC(2026, 3, 11, 0, 30));
        process.env.TZ = 'America/New_York';
        expect(dueMoment({ dueDate: '2026-04-11', dueTime: '08:30' })).to.equal(Date.UTC(2026, 3, 11, 12, 30));
        expect(dueMoment({ dueDate: '2026-01-11', dueTime: '' })).to.equal(Date.UTC(2026, 0, 11, 5, 0));
      } finally {
        if (original === undefined) delete process.env.TZ;
        else process.env.TZ = original;
      }
    });
  });

  describe('TodoWatch', function () {
    it('sends nothing for the first list, the baseline', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      expect(watch.hasBaseline).to.equal(false);
      expect(watch.update([item(1), item(2, { status: 1 })], now)).to.deep.equal([]);
      expect(watch.hasBaseline).to.equal(true);
      expect(watch.pendingCount).to.equal(1);
    });

    it('reports the first list as created, in id order, when asked, still without due for the overdue', function () {
      const watch = new TodoWatch({ emitExisting: true });
      const now = wholeMinute();
      const events = watch.update([item(2, dueFields(now - MINUTE)), item(1)], now);
      expect(kinds(events)).to.deep.equal(['created 1', 'created 2']);
      expect(watch.update([item(2, dueFields(now - MINUTE)), item(1)], now + MINUTE)).to.deep.equal([]);
    });

    it('sends nothing when nothing changed', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      watch.update([item(1), item(2)], now);
      expect(watch.update([item(2), item(1)], now + 1000)).to.deep.equal([]);
    });

    it('fires due once when the due moment passes between two polls', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      const todo = item(1, dueFields(now + MINUTE));
      watch.update([todo], now);
      expect(watch.update([todo], now + MINUTE - 1)).to.deep.equal([]);
      const events = watch.update([todo], now + 5 * MINUTE);
      expect(kinds(events)).to.deep.equal(['due 1']);
      expect(events[0].todo).to.equal(todo);
      expect(events[0]).to.not.have.property('previous');
      expect(watch.update([todo], now + 6 * MINUTE)).to.deep.equal([]);
    });

    it('fires due exactly at the due moment', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      const todo = item(1, dueFields(now + MINUTE));
      watch.update([todo], now);
      expect(kinds(watch.update([todo], now + MINUTE))).to.deep.equal(['due 1']);
    });

    it('takes a date without a time as due at the start of that day', function () {
      const watch = new TodoWatch();
      const tomorrow = new Date();
      tomorrow.setHours(24, 0, 0, 0);
      const todo = item(1, { ...dueFields(tomorrow.getTime()), dueTime: '' });
      watch.update([todo], tomorrow.getTime() - MINUTE);
      expect(watch.nextDueAt()).to.equal(tomorrow.getTime());
      expect(kinds(watch.update([todo], tomorrow.getTime()))).to.deep.equal(['due 1']);
    });

    it('does not fire for a to-do already overdue at the baseline', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      const todo = item(1, dueFields(now - MINUTE));
      watch.update([todo], now);
      expect(watch.update([todo], now + MINUTE)).to.deep.equal([]);
      expect(watch.nextDueAt()).to.equal(undefined);
    });

    it('fires due at once for a to-do that appears after the baseline already due, after its created', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      watch.update([item(1)], now);
      const events = watch.update([item(1), item(2, dueFields(now - 10 * MINUTE))], now + 1000);
      expect(kinds(events)).to.deep.equal(['created 2', 'due 2']);
    });

    it('puts change events before due events', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      const dueSoon = item(1, dueFields(now + MINUTE));
      watch.update([dueSoon, item(2)], now);
      const events = watch.update([dueSoon, { ...item(2), title: 'renamed' }], now + MINUTE);
      expect(kinds(events)).to.deep.equal(['updated 2', 'due 1']);
    });

    it('never fires for a completed to-do', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      const todo = completed(item(1, dueFields(now + MINUTE)));
      watch.update([todo], now);
      expect(watch.nextDueAt()).to.equal(undefined);
      expect(watch.update([todo], now + 2 * MINUTE)).to.deep.equal([]);
    });

    it('fires again for a new due moment, but not after completing and reopening on the same one', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      const todo = item(1, dueFields(now + MINUTE));
      watch.update([todo], now);
      expect(kinds(watch.update([todo], now + MINUTE))).to.deep.equal(['due 1']);

      const done = completed(todo);
      expect(kinds(watch.update([done], now + 2 * MINUTE))).to.deep.equal(['completed 1']);
      const reopened = { ...done, status: 0 as const, completed: false };
      expect(kinds(watch.update([reopened], now + 3 * MINUTE))).to.deep.equal(['reopened 1']);

      const moved = { ...reopened, ...dueFields(now + 4 * MINUTE) };
      expect(kinds(watch.update([moved], now + 3 * MINUTE))).to.deep.equal(['updated 1']);
      expect(watch.nextDueAt()).to.equal(now + 4 * MINUTE);
      expect(kinds(watch.update([moved], now + 4 * MINUTE))).to.deep.equal(['due 1']);
      expect(watch.update([moved], now + 5 * MINUTE)).to.deep.equal([]);
    });

    it('fires due for a to-do reopened after its moment passed while it was completed', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      const done = completed(item(1, dueFields(now + MINUTE)));
      watch.update([done], now);
      expect(watch.update([done], now + 2 * MINUTE)).to.deep.equal([]);
      const reopened = { ...done, status: 0 as const, completed: false };
      expect(kinds(watch.update([reopened], now + 3 * MINUTE))).to.deep.equal(['reopened 1', 'due 1']);
    });

    it('gives the earliest due moment still ahead of a pending to-do', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      watch.update(
        [
          item(1, dueFields(now + 30 * MINUTE)),
          item(2, dueFields(now + 10 * MINUTE)),
          completed(item(3, dueFields(now + 5 * MINUTE))),
          item(4),
        ],
        now,
      );
      expect(watch.nextDueAt()).to.equal(now + 10 * MINUTE);
    });

    it('forgets a deleted to-do, so the id seen again is new', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      const todo = item(1, dueFields(now + MINUTE));
      watch.update([todo], now);
      expect(kinds(watch.update([todo], now + MINUTE))).to.deep.equal(['due 1']);
      expect(kinds(watch.update([], now + 2 * MINUTE))).to.deep.equal(['deleted 1']);
      expect(kinds(watch.update([todo], now + 3 * MINUTE))).to.deep.equal(['created 1', 'due 1']);
    });

    it('starts a new baseline after reset', function () {
      const watch = new TodoWatch();
      const now = wholeMinute();
      watch.update([item(1)], now);
      watch.reset();
      expect(watch.hasBaseline).to.equal(false);
      expect(watch.update([item(2), item(3, dueFields(now - MINUTE))], now)).to.deep.equal([]);
    });
  });

  describe('pollDelay', function () {
    it('is the interval, doubled after each failure in a row, at most ten times the interval', function () {
      expect([0, 1, 2, 3, 4, 50].map((failures) => pollDelay(1000, failures))).to.deep.equal([
        1000, 2000, 4000, 8000, 10_000, 10_000,
      ]);
    });
  });
});
