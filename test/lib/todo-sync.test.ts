// The to-do sync's own logic, without I/O: the mark that finds the list's to-dos, the reading of the service's
// to-dos, the plan that tells which side changed, the memory as a context store keeps it, and one sync at a time.

import { expect } from 'chai';
import { contentOfItem, contentOfListed, changedFields, versionOf } from '../../dist/lib/todos/sync/todo-content';
import {
  baseOfMark,
  markDigest,
  markName,
  markText,
  readMark,
  withMark,
} from '../../dist/lib/todos/sync/description-mark';
import {
  MOST_REMEMBERED_ITEMS,
  memoryFromStore,
  memoryToStore,
  type RememberedItem,
} from '../../dist/lib/todos/sync/stored-memory';
import { planSync } from '../../dist/lib/todos/sync/plan';
import { SUPERSEDED_SYNC, SyncTurns, type SyncTurn } from '../../dist/lib/todos/sync/list-turns';
import { DeviceCloudError } from '../../dist/lib/errors';
import type { TodoListItem } from '../../dist/lib/types';
import { syncItems } from '../../dist/lib/values';
import { digestOf, listed, request } from '../support/todo-sync-items';

describe('the to-do sync', function () {
  describe('its mark', function () {
    it('names the source and the key, letters of any script as they are, the rest percent-encoded', () => {
      expect(markText('shopping', 'milk', '0123abcd')).to.equal('[Node-RED shopping:milk 0123abcd]');
      expect(markName('购物 list')).to.equal('购物%20list');
      expect(markName('a:b]c d%🙂')).to.equal('a%3Ab%5Dc%20d%25%F0%9F%99%82');
    });

    it('is read back with the key as given and the description before it, after \\n or \\r\\n, or alone', () => {
      const key = 'Ünïcode: [x] 100% 🙂';
      const mark = markText('shopping', key, '0123abcd');
      for (const text of ['', 'Two lines\nof text', 'ends with a line break\n']) {
        expect(readMark(withMark(text, mark)), JSON.stringify(text)).to.deep.equal({
          mark: { source: 'shopping', key, digest: '0123abcd' },
          text,
          atEnd: true,
        });
      }
      expect(readMark(`Text\r\n${mark}`)?.text).to.equal('Text');
      expect(readMark(`Text\n${mark}\n\n`)).to.deep.include({ text: 'Text', atEnd: true });
    });

    it('is found on a line a person wrote below, the text being the other lines', () => {
      const mark = markText('shopping', 'milk', '0123abcd');
      expect(readMark(`Semi-skimmed\n${mark}\nfrom the corner shop`)).to.deep.equal({
        mark: { source: 'shopping', key: 'milk', digest: '0123abcd' },
        text: 'Semi-skimmed\nfrom the corner shop',
        atEnd: false,
      });
      expect(readMark(`${mark}\r\nabove`)).to.deep.include({ text: 'above', atEnd: false });
    });

    it('is none in a description without one, with one that is not last, or that does not decode', () => {
      for (const description of [
        null,
        '',
        'for the cat',
        '[Node-RED shopping:milk 0123abcd] and more',
        '[Node-RED shopping:milk 0123ABCD]',
        '[Node-RED shopping:%E0%A4 0123abcd]',
        'text[Node-RED shopping:milk 0123abcd]',
      ]) {
        expect(readMark(description), String(description)).to.equal(undefined);
      }
    });

    it('gives back the version it was made from, with its state, among the versions seen; none when neither is', () => {
      const milk = versionOf(contentOfItem(syncItems([{ key: 1, title: 'Milk' }])[0].fields), false);
      const oat = versionOf({ ...milk.content, title: 'Oat milk' }, true);
      expect(baseOfMark(markDigest(milk.digest, true), [oat, milk])).to.deep.equal({
        content: milk.digest,
        completed: true,
      });
      expect(baseOfMark(markDigest('0000000000000000', false), [oat, milk])).to.deep.equal({});
    });
  });

  describe('reading the service', function () {
    it('reads numbers as strings, no description, seconds on a time and repeat days of another repeat type', () => {
      const item = {
        ...listed(1, { key: 1, title: 'Bins' }),
        description: null,
        dueDate: '2026-12-24 00:00:00',
        dueTime: '7:30:00',
        priority: '2',
        repeatType: 'Weekly',
        repeatWeekday: '3',
        repeatDay: 15,
      } as unknown as TodoListItem;
      expect(contentOfListed(item, '')).to.deep.equal({
        title: 'Bins',
        description: '',
        dueDate: '2026-12-24',
        dueTime: '07:30',
        priority: 2,
        repeatType: 'weekly',
        repeatWeekday: 3,
        repeatMonth: null,
        repeatDay: null,
      });
    });

    it('updates what differs, clears a due date with an empty string, and cannot clear a repeat day', () => {
      const from = contentOfItem(
        syncItems([{ key: 1, title: 'Bins', dueDate: '2026-12-24', repeatType: 'weekly', repeatWeekday: 1 }])[0].fields,
      );
      const to = contentOfItem(syncItems([{ key: 1, title: 'Bins out', repeatType: 'weekly' }])[0].fields);
      expect(changedFields(from, to)).to.deep.equal({ title: 'Bins out', dueDate: '' });
    });
  });

  describe('the plan', function () {
    const milk = { key: 'milk', title: 'Milk' };

    it('writes nothing for a list its to-dos equal, with a memory or without one', () => {
      const todos = [listed(1, milk)];
      const plan = planSync(request([milk]), todos);
      expect(plan).to.deep.include({ steps: [], reports: [], unchanged: 1 });
      expect(planSync(request([milk]), todos, plan.memory)).to.deep.include({ steps: [], reports: [] });
    });

    it('leaves to-dos of another device, another list, or without a mark alone', () => {
      const todos = [
        listed(1, milk, { deviceId: 'AA:BB:CC:DD:EE:02' }),
        listed(2, milk, { description: '[Node-RED groceries:milk 0123abcd]' }),
        listed(3, milk, { description: 'Milk for the cat' }),
      ];
      const plan = planSync(request([]), todos);
      expect(plan.steps).to.deep.equal([]);
      expect(planSync(request([milk]), todos).steps.map((step) => step.operations.map((op) => op.kind))).to.deep.equal([
        ['create'],
      ]);
    });

    it('without a memory: a to-do the list completed since its mark was written, and nothing changed, is left', () => {
      // The mark says pending (it was made so); the list and the device both say completed.
      const todos = [listed(1, milk, { status: 1, completed: true })];
      expect(planSync(request([{ ...milk, completed: true }]), todos)).to.deep.include({ steps: [], reports: [] });
    });

    it('without a memory: fields changed on both sides and the state on neither: the list wins', () => {
      const todos = [listed(1, milk, { title: 'Milk (device)' })];
      const plan = planSync(request([{ ...milk, title: 'Milk (list)' }]), todos);
      expect(plan.reports).to.deep.equal([]);
      expect(plan.steps[0].operations).to.have.length(1);
      expect(plan.steps[0].operations[0]).to.deep.include({ kind: 'update', action: 'updated' });
    });

    it('with a memory: a deletion on the device is reported once, and the item made again only once it changes', () => {
      const first = planSync(request([milk]), [listed(1, milk)]);
      const deleted = planSync(request([milk]), [], first.memory);
      expect(deleted.steps).to.deep.equal([]);
      expect(deleted.reports.map((report) => [report.key, report.change, report.todo.id])).to.deep.equal([
        ['milk', 'deleted', 1],
      ]);
      const again = planSync(request([milk]), [], deleted.memory);
      expect(again).to.deep.include({ steps: [], reports: [], unchanged: 1 });
      const changed = planSync(request([{ ...milk, title: 'Oat milk' }]), [], again.memory);
      expect(changed.steps.map((step) => step.operations[0].kind)).to.deep.equal(['create']);
    });
  });

  describe('a note a person edited on the device', function () {
    const milk = { key: 'milk', title: 'Milk', description: 'Semi-skimmed' };
    /** Each step's writes: the operation, its action and the description it sends. */
    const writesOf = (plan: ReturnType<typeof planSync>) =>
      plan.steps.map((step) =>
        step.operations.map((operation) => [
          operation.kind,
          operation.action,
          operation.kind === 'update' ? operation.body.description : undefined,
        ]),
      );

    it('with a memory, the mark replaced or removed: still its to-do, reported edited, the mark put back', () => {
      const written = listed(1, milk);
      const mark = readMark(written.description)?.mark;
      const first = planSync(request([milk]), [written]);
      for (const note of ['Blue cap please', '', 'Semi-skimmed\n[Node-RED shopping:milk', null]) {
        const plan = planSync(request([milk]), [{ ...written, description: note }], first.memory);
        const edited = note !== 'Semi-skimmed';
        expect(
          plan.reports.map((report) => [report.key, report.change]),
          String(note),
        ).to.deep.equal(edited ? [['milk', 'edited']] : []);
        expect(writesOf(plan), String(note)).to.deep.equal([
          [['update', 'updated', withMark(note ?? '', markText('shopping', 'milk', mark?.digest ?? ''))]],
        ]);
        expect(plan.steps[0].id).to.equal(1);
      }
    });

    it('with a memory, the mark gone and the text as written: the mark put back, nothing reported', () => {
      const written = listed(1, milk);
      const first = planSync(request([milk]), [written]);
      const plan = planSync(request([milk]), [{ ...written, description: 'Semi-skimmed' }], first.memory);
      expect(plan.reports).to.deep.equal([]);
      expect(writesOf(plan)).to.deep.equal([[['update', 'updated', written.description]]]);
    });

    it('a line written below the mark: reported edited, the mark moved back to the end, with or without a memory', () => {
      const written = listed(1, milk);
      const first = planSync(request([milk]), [written]);
      const moved = { ...written, description: `${written.description}\nfrom the corner shop` };
      const mark = readMark(written.description)?.mark;
      for (const memory of [first.memory, undefined]) {
        const plan = planSync(request([milk]), [moved], memory);
        expect(plan.reports.map((report) => [report.change, report.todo.description])).to.deep.equal([
          ['edited', 'Semi-skimmed\nfrom the corner shop'],
        ]);
        expect(writesOf(plan)).to.deep.equal([
          [
            [
              'update',
              'updated',
              `Semi-skimmed\nfrom the corner shop\n${markText('shopping', 'milk', mark?.digest ?? '')}`,
            ],
          ],
        ]);
      }
    });

    it('the mark put back reads, without a memory, as the same edit on the device: reported again, never undone', () => {
      const written = listed(1, milk);
      const first = planSync(request([milk]), [written]);
      const plan = planSync(request([milk]), [{ ...written, description: 'Blue cap please' }], first.memory);
      const repaired = {
        ...written,
        description:
          plan.steps[0].operations[0].kind === 'update' ? (plan.steps[0].operations[0].body.description ?? null) : null,
      };
      const withoutMemory = planSync(request([milk]), [repaired]);
      expect(withoutMemory.steps).to.deep.equal([]);
      expect(withoutMemory.reports.map((report) => report.change)).to.deep.equal(['edited']);
    });

    it('the list changed the title: both kept, in one update of the title that puts the mark back under the note', () => {
      const written = listed(1, milk);
      const first = planSync(request([milk]), [written]);
      const plan = planSync(
        request([{ ...milk, title: 'Oat milk' }]),
        [{ ...written, description: 'Blue cap' }],
        first.memory,
      );
      expect(plan.reports.map((report) => [report.change, report.fields, report.todo.title])).to.deep.equal([
        ['edited', { description: 'Blue cap' }, 'Oat milk'],
      ]);
      expect(plan.steps).to.have.length(1);
      const [update] = plan.steps[0].operations;
      expect(plan.steps[0].operations).to.have.length(1);
      expect(update.kind === 'update' && update.body).to.deep.equal({
        title: 'Oat milk',
        description: `Blue cap\n${markText('shopping', 'milk', markDigest(digestOf({ ...milk, title: 'Oat milk' }), false))}`,
      });
    });

    it('the list changed the note too: the list wins, in one update that writes the mark', () => {
      const written = listed(1, milk);
      const first = planSync(request([milk]), [written]);
      const fullFat = { ...milk, description: 'Full fat' };
      const plan = planSync(request([fullFat]), [{ ...written, description: 'Blue cap' }], first.memory);
      expect(plan.reports).to.deep.equal([]);
      expect(writesOf(plan)).to.deep.equal([
        [
          [
            'update',
            'updated',
            withMark('Full fat', markText('shopping', 'milk', markDigest(digestOf(fullFat), false))),
          ],
        ],
      ]);
    });

    it('never deleted nor made twice; without a memory, left alone as a hand-made one', () => {
      const written = listed(1, milk);
      const first = planSync(request([milk]), [written]);
      const unmarked = { ...written, description: 'Blue cap please' };
      const plan = planSync(request([milk]), [unmarked], first.memory);
      expect(plan.steps.flatMap((step) => step.operations.map((operation) => operation.kind))).to.deep.equal([
        'update',
      ]);
      expect(plan.reports.map((report) => report.change)).to.not.include('deleted');
      const elsewhere = planSync(request([milk]), [unmarked]);
      expect(writesOf(elsewhere)).to.deep.equal([[['create', 'created', undefined]]]);
      expect(elsewhere.reports).to.deep.equal([]);
    });

    it('the key in the mark edited: still the remembered item’s, its mark written back with its key', () => {
      const written = listed(1, milk);
      const first = planSync(request([milk]), [written]);
      const mark = readMark(written.description)?.mark;
      const edited = { ...written, description: `Semi-skimmed\n[Node-RED shopping:milkk ${mark?.digest ?? ''}]` };
      const plan = planSync(request([milk]), [edited], first.memory);
      expect(plan.reports).to.deep.equal([]);
      expect(writesOf(plan)).to.deep.equal([[['update', 'updated', written.description]]]);
      expect(plan.steps[0]).to.deep.include({ key: 'milk', id: 1 });
    });
  });

  describe('counting each request', function () {
    it('an item made already completed counts as created and completed', () => {
      const plan = planSync(request([{ key: 'card', title: 'Card', completed: true }]), []);
      expect(plan.steps[0].operations.map((operation) => [operation.kind, operation.action])).to.deep.equal([
        ['create', 'created'],
        ['state', 'completed'],
      ]);
    });
  });

  describe('its memory in a context store', function () {
    it('goes through JSON and back, keys that are property names of objects included', () => {
      const entry: RememberedItem = {
        id: 7,
        service: { content: '0123456789abcdef', completed: true },
        list: null,
        todo: listed(7, { key: '__proto__', title: 'Odd' }),
      };
      const memory = new Map([
        ['__proto__', entry],
        ['constructor', { ...entry, id: 8 }],
      ]);
      const back = memoryFromStore(JSON.parse(JSON.stringify(memoryToStore(memory))));
      expect([...back.entries()]).to.deep.equal([...memory.entries()]);
    });

    it('keeps at most its bound, forgetting the to-dos whose items left the list first', () => {
      const entry = (id: number, inList: boolean): RememberedItem => ({
        id,
        service: { content: '0123456789abcdef', completed: false },
        list: inList ? { content: '0123456789abcdef', completed: false } : null,
        todo: listed(id, { key: id, title: 'x' }),
      });
      const memory = new Map<string, RememberedItem>();
      for (let id = 1; id <= MOST_REMEMBERED_ITEMS + 2; id++) memory.set(`k${id}`, entry(id, id > 3));
      const stored = memoryToStore(memory);
      expect(stored.items).to.have.length(MOST_REMEMBERED_ITEMS);
      expect(stored.items.filter(([, kept]) => kept.list === null).map(([key]) => key)).to.deep.equal(['k1']);
      expect(memoryFromStore(JSON.parse(JSON.stringify(stored))).size).to.equal(MOST_REMEMBERED_ITEMS);
    });

    it('forgets what it cannot read, entry by entry', () => {
      const good = { id: 1, service: null, list: { content: 'a', completed: false }, todo: {} };
      const read = memoryFromStore({
        version: 1,
        items: [
          ['good', good],
          ['no id', { ...good, id: 'x' }],
          ['bad side', { ...good, list: { content: 1 } }],
          'junk',
        ],
      });
      expect([...read.keys()]).to.deep.equal(['good']);
      for (const value of [undefined, null, 'text', { version: 2, items: [] }, { version: 1 }]) {
        expect(memoryFromStore(value).size).to.equal(0);
      }
    });
  });

  describe('one sync at a time per list', function () {
    it('runs one; a newer sync of the same kind takes the place of one waiting; another kind waits apart', async () => {
      const turns = new SyncTurns();
      const order: string[] = [];
      const running = (await turns.take('list', 'sync')) as SyncTurn;
      const waiting = ['a', 'plan', 'b'].map((name) =>
        turns.take('list', name === 'plan' ? 'plan' : 'sync').then((turn) => {
          order.push(turn === SUPERSEDED_SYNC ? `${name} superseded` : name);
          return turn;
        }),
      );
      const other = (await turns.take('other list', 'sync')) as SyncTurn;
      expect(order, 'none started while one runs').to.deep.equal(['a superseded']);
      other.end();

      const [a, plan, b] = waiting;
      expect(await a).to.equal(SUPERSEDED_SYNC);
      running.end();
      const planned = (await plan) as SyncTurn;
      expect(order).to.deep.equal(['a superseded', 'plan']);
      planned.end();
      ((await b) as SyncTurn).end();
      expect(order).to.deep.equal(['a superseded', 'plan', 'b']);
      expect(turns.busy).to.equal(0);
    });

    it('gives up a wait when its signal aborts, with the signal’s reason', async () => {
      const turns = new SyncTurns();
      const running = (await turns.take('list', 'sync')) as SyncTurn;
      const controller = new AbortController();
      const waiting = turns.take('list', 'sync', controller.signal);
      const reason = new DeviceCloudError('aborted', 'the node was closed');
      controller.abort(reason);
      await waiting.then(
        () => expect.fail('the wait should end in an error'),
        (error: unknown) => expect(error).to.equal(reason),
      );
      running.end();
      expect(turns.busy).to.equal(0);
    });
  });
});
