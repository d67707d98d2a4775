// The to-do sync's merge of a to-do both sides changed between two syncs, field by field, without I/O: each field
// the side's that changed it, the list's where both changed it differently; the due date and time as one field,
// the repeat and its day as one; merged whole without each side's fields at the last sync. Then the plan that
// writes the list's fields to the device and reports the device's, the mark it writes, the memory that keeps each
// side's fields, and a memory file as the sync wrote it before it kept them.

import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { mergeContent } from '../../dist/lib/todos/sync/field-merge';
import { planSync } from '../../dist/lib/todos/sync/plan';
import { memoryFromStore, memoryToStore, type SyncMemory } from '../../dist/lib/todos/sync/stored-memory';
import { contentOfItem, versionOf, type TodoVersion } from '../../dist/lib/todos/sync/todo-content';
import { changeSetOf, withoutServerChanges } from '../../dist/lib/todos/caldav/device-edits';
import type { TaskItem } from '../../dist/lib/todos/caldav/task-item';
import { markDigest, markText } from '../../dist/lib/todos/sync/description-mark';
import { syncItems } from '../../dist/lib/values';
import { FIXTURES } from '../support/child';
import { digestOf, listed, request } from '../support/todo-sync-items';

/** An item's content and digest, as the sync compares it. */
function version(item: Record<string, unknown>, completed = false): TodoVersion {
  return versionOf(contentOfItem(syncItems([{ key: 'k', ...item }])[0].fields), completed);
}

/** Both sides as the last sync left them: the same, `base`. */
function merge(base: Record<string, unknown>, device: Record<string, unknown>, list: Record<string, unknown>) {
  const before = version(base);
  const bases = { device: { content: before.digest }, list: { content: before.digest } };
  return mergeContent(version(device), version(list), bases, [before.content]);
}

const BREAD = { title: 'Bread', description: 'Wholemeal', dueDate: '2026-12-24', dueTime: '08:30', priority: 0 };

describe('the to-do sync: a to-do both sides changed, merged field by field', function () {
  describe('the merge', function () {
    it('takes each field from the side that changed it, and tells the device’s', () => {
      const merged = merge(BREAD, { ...BREAD, priority: 2 }, { ...BREAD, title: 'Rye bread' });
      expect(merged.content).to.include({ title: 'Rye bread', priority: 2, description: 'Wholemeal' });
      expect(merged.fromDevice).to.deep.equal({ priority: 2 });
    });

    it('a field both changed to different values: the list’s, nothing told; to the same value: nothing to merge', () => {
      const differently = merge(BREAD, { ...BREAD, title: 'Brown bread' }, { ...BREAD, title: 'Rye bread' });
      expect(differently.content.title).to.equal('Rye bread');
      expect(differently.fromDevice).to.deep.equal({});
      const alike = merge(BREAD, { ...BREAD, title: 'Rye bread' }, { ...BREAD, title: 'Rye bread', priority: 1 });
      expect(alike.content).to.include({ title: 'Rye bread', priority: 1 });
      expect(alike.fromDevice).to.deep.equal({});
    });

    it('the due date and time are one field, the repeat and its day another: set together, never mixed', () => {
      const due = merge(BREAD, { ...BREAD, dueTime: '09:15' }, { ...BREAD, dueDate: '2026-12-27' });
      expect(due.content).to.include({ dueDate: '2026-12-27', dueTime: '08:30' });
      expect(due.fromDevice).to.deep.equal({});
      const onlyDevice = merge(BREAD, { ...BREAD, dueTime: '09:15' }, { ...BREAD, title: 'Rye bread' });
      expect(onlyDevice.fromDevice).to.deep.equal({ dueDate: '2026-12-24', dueTime: '09:15' });
      const weekly = { ...BREAD, repeatType: 'weekly', repeatWeekday: 1 };
      const repeat = merge(weekly, { ...weekly, repeatWeekday: 3 }, { ...weekly, description: 'Rye' });
      expect(repeat.content).to.include({ repeatType: 'weekly', repeatWeekday: 3, description: 'Rye' });
      expect(repeat.fromDevice, 'its type with its day, no day of another type').to.deep.equal({
        repeatType: 'weekly',
        repeatWeekday: 3,
      });
    });

    it('a field neither changed since the last sync keeps the device’s value, not told again', () => {
      const listSide = version(BREAD);
      const deviceSide = version({ ...BREAD, priority: 2 });
      const bases = { device: { content: deviceSide.digest }, list: { content: listSide.digest } };
      const merged = mergeContent(deviceSide, version({ ...BREAD, title: 'Rye bread' }), bases, [
        deviceSide.content,
        listSide.content,
      ]);
      expect(merged.content).to.include({ title: 'Rye bread', priority: 2 });
      expect(merged.fromDevice).to.deep.equal({});
    });

    it('without the fields of each side at the last sync: merged whole, the list’s when it changed, else the device’s', () => {
      const before = version(BREAD);
      const bases = { device: { content: before.digest }, list: { content: before.digest } };
      const device = version({ ...BREAD, priority: 2 });
      const renamed = mergeContent(device, version({ ...BREAD, title: 'Rye bread' }), bases, []);
      expect(renamed.content).to.include({ title: 'Rye bread', priority: 0 });
      expect(renamed.fromDevice).to.deep.equal({});
      const unchanged = mergeContent(device, before, bases, []);
      expect(unchanged.content).to.include({ title: 'Bread', priority: 2 });
      expect(unchanged.fromDevice).to.deep.equal({ priority: 2 });
      const unknown = mergeContent(device, before, { device: {}, list: {} }, [before.content]);
      expect(unknown.content, 'a side not known is taken to have changed').to.include({ priority: 0 });
    });
  });

  describe('the plan', function () {
    const bread = { key: 'bread', ...BREAD };
    const rye = { ...bread, title: 'Rye bread' };

    it('writes the list’s field in one update with the mark, and reports the device’s field with the to-do as merged', () => {
      const written = listed(7, bread);
      const first = planSync(request([bread]), [written]);
      const plan = planSync(request([rye]), [{ ...written, priority: 2 }], first.memory);
      expect(plan.steps).to.have.length(1);
      expect(plan.steps[0].operations.map((operation) => operation.kind)).to.deep.equal(['update']);
      const [update] = plan.steps[0].operations;
      const mark = markText('shopping', 'bread', markDigest(digestOf(rye), false));
      expect(update.kind === 'update' && update.body).to.deep.equal({
        title: 'Rye bread',
        description: `Wholemeal\n${mark}`,
      });
      expect(update.kind === 'update' && update.content).to.include({ title: 'Rye bread', priority: 2 });
      expect(plan.reports).to.have.length(1);
      expect(plan.reports[0]).to.deep.include({ key: 'bread', change: 'edited', fields: { priority: 2 } });
      expect(plan.reports[0].todo).to.include({ id: 7, title: 'Rye bread', priority: 2, description: 'Wholemeal' });
    });

    it('a tick on the device and a new title in the list: the tick reported with the to-do as merged', () => {
      const written = listed(7, bread);
      const first = planSync(request([bread]), [written]);
      const plan = planSync(request([rye]), [{ ...written, status: 1, completed: true }], first.memory);
      expect(plan.reports.map((report) => [report.change, report.todo.title, report.fields])).to.deep.equal([
        ['completed', 'Rye bread', undefined],
      ]);
    });

    it('the mark tells the list’s content: without the memory, the field the device kept is told again, never undone', () => {
      const written = listed(7, bread);
      const first = planSync(request([bread]), [written]);
      const plan = planSync(request([rye]), [{ ...written, priority: 2 }], first.memory);
      const [update] = plan.steps[0].operations;
      const after = { ...written, title: 'Rye bread', priority: 2 as const };
      after.description = update.kind === 'update' ? (update.body.description ?? null) : null;
      const elsewhere = planSync(request([rye]), [after]);
      expect(elsewhere.steps).to.deep.equal([]);
      expect(elsewhere.reports.map((report) => [report.change, report.fields])).to.deep.equal([
        ['edited', { priority: 2 }],
      ]);
    });
  });

  describe('the memory', function () {
    it('keeps each side’s fields, the list’s once when they are the service’s; through JSON and back', () => {
      const written = listed(7, { key: 'bread', ...BREAD });
      const memory = planSync(request([{ key: 'bread', ...BREAD }]), [written]).memory;
      const stored = JSON.parse(JSON.stringify(memoryToStore(memory))) as {
        items: [string, Record<string, unknown>][];
      };
      const [[, entry]] = stored.items;
      expect(entry.service).to.have.property('fields');
      expect(entry.list).to.not.have.property('fields');
      expect([...memoryFromStore(stored).entries()]).to.deep.equal([...memory.entries()]);
    });

    it('forgets fields that are not what the side’s digest says (a file edited by hand), and keeps the rest', () => {
      const written = listed(7, { key: 'bread', ...BREAD });
      const memory = planSync(request([{ key: 'bread', ...BREAD }]), [written]).memory;
      const stored = JSON.parse(JSON.stringify(memoryToStore(memory))) as {
        items: [string, { service: { fields: Record<string, unknown> } }][];
      };
      stored.items[0][1].service.fields.title = 'Edited by hand';
      const read = memoryFromStore(stored).get('bread');
      expect(read?.service).to.deep.equal({ content: digestOf(BREAD), completed: false });
      for (const fields of [{ ...BREAD, priority: 'high' }, 'text', null]) {
        stored.items[0][1].service.fields = fields as never;
        expect(memoryFromStore(stored).get('bread')?.service).to.not.have.property('fields');
      }
    });

    it('reads a memory file as the sync wrote it before it kept the fields, and merges from the to-dos it remembers', () => {
      const file = fs.readFileSync(path.join(FIXTURES, 'todo-sync-memory-before-fields.json'), 'utf8');
      const memory: SyncMemory = memoryFromStore(JSON.parse(file));
      expect([...memory.keys()]).to.deep.equal(['milk', 'bread', 'bins']);
      const items = [
        { key: 'milk', title: 'Milk', description: 'Semi-skimmed', priority: 'important' },
        { key: 'bread', title: 'Rye bread', dueDate: '2026-12-24', dueTime: '08:30' },
        { key: 'bins', title: 'Take out the bins', repeatType: 'weekly', repeatWeekday: 1 },
      ];
      const todos = [
        listed(101, items[0]),
        listed(102, { ...items[1], title: 'Bread' }, { priority: 2 }),
        listed(103, items[2], { repeatWeekday: 4 }),
      ];
      const plan = planSync(request(items), todos, memory);
      expect(plan.steps.map((step) => [step.key, step.operations.map((operation) => operation.kind)])).to.deep.equal([
        ['bread', ['update']],
      ]);
      const [update] = plan.steps[0].operations;
      expect(update.kind === 'update' && update.body.title).to.equal('Rye bread');
      expect(update.kind === 'update' && update.body).to.not.have.property('priority');
      expect(plan.reports.map((report) => [report.key, report.change, report.fields])).to.deep.equal([
        ['bread', 'edited', { priority: 2 }],
        ['bins', 'edited', { repeatType: 'weekly', repeatWeekday: 4 }],
      ]);
    });
  });

  describe('written back to a CalDAV task', function () {
    const read: TaskItem = { key: 'bread', ...BREAD, repeatType: 'none', completed: false };

    it('the edits of a task are the fields the device changed, with its tick, in one change', () => {
      const todo = listed(7, { key: 'bread', ...BREAD });
      const change = changeSetOf([
        { key: 'bread', change: 'edited', todo, fields: { priority: 2, dueDate: '', dueTime: '' } },
        { key: 'bread', change: 'completed', todo },
      ]);
      expect(change).to.deep.equal({
        deleted: false,
        edits: { priority: 2, due: { dueDate: '', dueTime: '' }, completed: true },
      });
      expect(changeSetOf([{ key: 'bread', change: 'deleted', todo }])).to.deep.equal({ deleted: true, edits: {} });
    });

    it('read again after a 412: a field the server changed meanwhile is the server’s, the others the device’s', () => {
      const edits = { priority: 2, title: 'Brown bread', completed: true };
      const reread: TaskItem = { ...read, title: 'Rye bread', description: 'From the baker' };
      expect(withoutServerChanges(edits, read, reread)).to.deep.equal({ priority: 2, completed: true });
      expect(withoutServerChanges(edits, read, read)).to.deep.equal(edits);
    });
  });
});
