/**
 * The flows under examples/ (Node-RED's Import > Examples): they are valid
 * flow files, keep no key, share one account (so that importing several, or
 * importing one where npm start runs, leaves one account), open their fields
 * as the dialogs offer them (a fixed device in the device picker), and work:
 * each one runs in a real Node-RED runtime against the simulator, every
 * inject node pressed once, top to bottom. So do the examples as version
 * 0.1.0 shipped them (test/fixtures/flows-0.1.0, kept as they were): flows
 * saved by an earlier version keep working.
 *
 * Each example owns the pages it pushes to: no two push to the same page of a
 * device (a repeat of one would silently replace the other's page), and every
 * device they name is one the simulator offers. Each fits a 1600 px canvas.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { Harness } from './support/harness';
import {
  CORE_FILES,
  ExampleRun,
  type FlowNode,
  PRESS_MS,
  SIMULATOR_URL,
  accountsOf,
  isAction,
  wiresOf,
} from './support/example-run';
import { ACCOUNT_TYPE, ACCOUNT_USERS, EDITOR_FILES, NODE_TYPES, ROOT } from './support/package-files';
import { EXAMPLE_DEVICES } from '../dist/simulator/server';

const EXAMPLES_DIR = path.join(ROOT, 'examples');
const FLOWS_0_1_0_DIR = path.join(ROOT, 'test', 'fixtures', 'flows-0.1.0');
const EVALUATED_TYPES = ['msg', 'flow', 'global', 'env'];
const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/i;

/**
 * The types each TypedInput field of our dialogs offers, by node type and
 * field, from the rows of the templates in nodes/device-cloud.html as the
 * shared form code builds them: a typed row offers its literal type (data-types,
 * else str), then msg, flow, global, env; the to-do id row is typed `num`; the
 * device row offers the picker's `device` and `str`, then its data-types or
 * msg, flow, global, env.
 */
function dialogTypes(): Map<string, Map<string, string[]>> {
  const html = fs.readFileSync(EDITOR_FILES[0], 'utf8');
  const result = new Map<string, Map<string, string[]>>();
  for (const [, type, template] of html.matchAll(/data-template-name="([^"]+)">([\s\S]*?)<\/script>/g)) {
    const fields = new Map<string, string[]>();
    for (const [row] of template.matchAll(/<div data-row="[^>]*>/g)) {
      const attribute = (name: string) => new RegExp(`data-${name}(?:="([^"]*)")?`).exec(row)?.[1];
      const kind = attribute('row');
      const types = attribute('types');
      if (kind === 'typed') fields.set(attribute('field') as string, [types || 'str', ...EVALUATED_TYPES]);
      if (kind === 'todoId') fields.set('todoId', ['num', ...EVALUATED_TYPES]);
      if (kind === 'device') fields.set('deviceId', ['device', 'str', ...(types ? types.split(',') : EVALUATED_TYPES)]);
    }
    result.set(type, fields);
  }
  return result;
}

function flowFiles(dir: string) {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      try {
        return { name, text, nodes: JSON.parse(text) as FlowNode[] };
      } catch (error) {
        throw new Error(`${path.relative(ROOT, dir)}/${name} is not valid JSON: ${(error as Error).message}`);
      }
    });
}

const examples = flowFiles(EXAMPLES_DIR);

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown, keys: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => keysDeep(item, keys));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      keys.push(key);
      keysDeep(inner, keys);
    }
  }
  return keys;
}

/** The pages each example of examples/ leaves on the simulator's devices, from an empty service. */
const pagesByExample = new Map<string, string[]>();
/** Node-RED's editor shows a flow whole on a 1600 px wide screen when no node's centre is beyond this. */
const CANVAS_RIGHT = 1600 - 200;

/** One runtime and simulator for every flow run here; each run starts from a fresh service. */
let harness: Harness;

describe('example flows', function () {
  before(async () => {
    harness = await Harness.start({ devices: [...EXAMPLE_DEVICES] });
  });
  after(() => harness.stop());

  describe('examples', function () {
    it('are there, one flow file per node at least', () => {
      expect(examples.length).to.be.at.least(NODE_TYPES.length - 1);
    });

    it('together use every node of the package (the account aside)', () => {
      const used = new Set(examples.flatMap((example) => example.nodes.map((node) => node.type)));
      const missing = NODE_TYPES.filter((type) => type !== ACCOUNT_TYPE && !used.has(type));
      expect(missing, 'node types without an example').to.deep.equal([]);
    });

    it("share one account, the same in every file, at the simulator's default address", () => {
      const accounts = examples.map((example) => accountsOf(example.nodes));
      for (const [index, found] of accounts.entries()) expect(found, examples[index].name).to.have.length(1);
      const [first] = accounts[0];
      for (const [index, [account]] of accounts.entries()) {
        expect(account, `the account of ${examples[index].name}`).to.deep.equal(first);
      }
      expect(first.baseUrl).to.equal(SIMULATOR_URL);
    });

    it('have node ids unique across all files but the shared account (npm start puts them in one flow)', () => {
      const owners = new Map<string, string>();
      const clashes: string[] = [];
      for (const example of examples) {
        for (const node of example.nodes.filter((candidate) => candidate.type !== ACCOUNT_TYPE)) {
          if (owners.has(node.id)) clashes.push(`${node.id} in ${owners.get(node.id)} and ${example.name}`);
          owners.set(node.id, example.name);
        }
      }
      expect(clashes).to.deep.equal([]);
    });

    it('open each field as its dialog offers it: a fixed device in the device picker, each type one the field has', () => {
      const offered = dialogTypes();
      const problems: string[] = [];
      for (const example of examples) {
        for (const node of example.nodes.filter(isAction)) {
          const fields = offered.get(node.type) ?? new Map<string, string[]>();
          const where = `${example.name}: ${node.type} "${node.name || node.id}"`;
          if (typeof node.deviceId === 'string' && MAC.test(node.deviceId) && node.deviceIdType !== 'device') {
            problems.push(`${where}: device ${node.deviceId} typed as ${String(node.deviceIdType)}, not picked`);
          }
          for (const [field, types] of fields) {
            const type = node[`${field}Type`];
            if (!types.includes(type as string))
              problems.push(`${where}: ${field}Type ${String(type)} not in ${types.join(', ')}`);
          }
        }
      }
      expect(problems).to.deep.equal([]);
    });

    for (const example of examples) {
      describe(example.name, function () {
        const byId = new Map(example.nodes.map((node) => [node.id, node]));

        it('is an importable flow: an array of nodes with id and type, wired to nodes of the file', () => {
          expect(example.nodes).to.be.an('array').that.has.length.above(0);
          for (const node of example.nodes) {
            expect(node.id, JSON.stringify(node)).to.be.a('string').that.has.length.above(0);
            expect(node.type, node.id).to.be.a('string').that.has.length.above(0);
            for (const target of wiresOf(node))
              expect(byId.has(target), `${node.id} wired to ${target}`).to.equal(true);
          }
          expect(byId.size, 'ids are unique').to.equal(example.nodes.length);
        });

        it('uses only node types of Node-RED core and of this package', () => {
          const unknown = example.nodes
            .map((node) => node.type)
            .filter((type) => type !== 'tab' && !CORE_FILES.has(type) && !NODE_TYPES.includes(type));
          expect(unknown).to.deep.equal([]);
        });

        it('explains itself in a comment node and has inject, debug and catch nodes', () => {
          const comment = example.nodes.find((node) => node.type === 'comment');
          expect(comment?.info, 'the comment says what the example shows').to.match(/\w+/);
          for (const type of ['inject', 'debug', 'catch']) {
            expect(
              example.nodes.some((node) => node.type === type),
              `a ${type} node`,
            ).to.equal(true);
          }
          const catchNode = example.nodes.find((node) => node.type === 'catch') as FlowNode;
          expect(wiresOf(catchNode).map((id) => byId.get(id)?.type)).to.include('debug');
        });

        it('fits a 1600 px canvas: room for the widest node right of every node centre', () => {
          const beyond = example.nodes
            .filter((node) => (node.x ?? 0) > CANVAS_RIGHT)
            .map((node) => `${node.name || node.type} at x ${node.x}`);
          expect(beyond).to.deep.equal([]);
        });

        it('keeps no key: no credentials or apiKey, not even the simulator key', () => {
          const keys = keysDeep(example.nodes);
          expect(keys).to.not.include('credentials');
          expect(keys).to.not.include('apiKey');
          expect(example.text).to.not.match(/sim-key/);
        });

        it('points every Device Cloud node at the account of the file', () => {
          const [account] = accountsOf(example.nodes);
          const ours = example.nodes.filter((node) => ACCOUNT_USERS.includes(node.type));
          expect(ours).to.have.length.above(0);
          for (const node of ours) expect(node.account, node.id).to.equal(account.id);
        });

        runsAgainstTheSimulator(example.nodes, (pages) => pagesByExample.set(example.name, pages));
      });
    }
  });

  describe('pages', function () {
    it('each own the pages they push to: no page of a device is pushed to by two examples', () => {
      const missing = examples.filter((example) => !pagesByExample.has(example.name)).map((example) => example.name);
      expect(missing, 'examples not run above (run this whole file)').to.deep.equal([]);
      const owners = new Map<string, string>();
      const shared: string[] = [];
      for (const [name, pages] of pagesByExample) {
        for (const page of pages) {
          const owner = owners.get(page);
          if (owner) shared.push(`${page}: ${owner} and ${name}`);
          owners.set(page, name);
        }
      }
      expect(shared).to.deep.equal([]);
      const pushing = examples.filter((example) =>
        example.nodes.some((node) => node.type.startsWith('device-cloud-display-')),
      );
      const showingNothing = pushing.filter((example) => pagesByExample.get(example.name)?.length === 0);
      expect(
        showingNothing.map((example) => example.name),
        'examples that push but show no page',
      ).to.deep.equal([]);
    });
  });

  describe('todo-sync-caldav, as imported', function () {
    this.timeout(4 * PRESS_MS);

    it("syncs the simulator's own task list: its tasks on the Kitchen display, a tick there written back", async () => {
      await harness.reset();
      const example = examples.find(({ name }) => name === 'todo-sync-caldav.json') as (typeof examples)[number];
      const run = await ExampleRun.load(harness, example.nodes);
      const syncNow = run.injects.find((inject) => inject.name === 'sync now') as FlowNode;
      await run.press(syncNow);
      const onKitchen = () => [...run.sim.state.todos.values()].filter((todo) => todo.deviceId === 'AA:BB:CC:DD:EE:01');
      expect(onKitchen().map((todo) => [todo.title, todo.status])).to.have.deep.members([
        ['Call the plumber', 0],
        ['交电费', 0],
        ['Take out the bins', 0],
        ['买牛奶', 1],
      ]);
      const plumber = onKitchen().find((todo) => todo.title === 'Call the plumber');
      await run.api('PUT', `/todos/${plumber?.id}/complete`);
      await run.press(syncNow);
      const task = await fetch(`${run.sim.url}/caldav/user/calendars/tasks/plumber.ics`);
      expect(await task.text(), "the task on the simulator's CalDAV server").to.match(/\r\nSTATUS:COMPLETED\r\n/);
      expect(run.caughtErrors()).to.deep.equal([]);
      await run.unload();
    });
  });

  describe('examples as version 0.1.0 shipped them', function () {
    for (const flow of flowFiles(FLOWS_0_1_0_DIR)) {
      describe(flow.name, function () {
        runsAgainstTheSimulator(flow.nodes);
      });
    }
  });
});

function runsAgainstTheSimulator(nodes: FlowNode[], pagesOf?: (pages: string[]) => void): void {
  describe('against the simulator', function () {
    this.timeout(4 * PRESS_MS);

    it('works: every inject, pressed top to bottom, reaches its debug nodes and no Catch fires', async () => {
      await harness.reset();
      const run = await ExampleRun.load(harness, nodes);
      for (const inject of run.injects) await run.press(inject);
      if (run.watches.length) await run.changeTodosAndPoll();
      if (run.syncs.length) await run.changeOnDeviceAndSync();

      expect(run.caughtErrors(), 'messages a Catch node got').to.deep.equal([]);
      for (const id of run.expectedDebugs) {
        expect(run.received.get(id), `debug "${run.byId.get(id)?.name}" got a message`).to.have.length.above(0);
      }
      // Not one per press: a press may rightly send nothing (a screen from another server that did not change).
      expect(run.sim.requests.length, 'requests the simulator received').to.be.above(0);
      pagesOf?.(pagesShown(run));
      await run.unload();
    });
  });
}

/** The pages the simulator's devices show after a run from an empty service, as `Alias page N`. */
function pagesShown(run: ExampleRun): string[] {
  return run.sim.state.devices.flatMap((device) =>
    (run.sim.state.pages.get(device.deviceId) ?? []).flatMap((page, index) =>
      page ? [`${device.alias} page ${index + 1}`] : [],
    ),
  );
}
