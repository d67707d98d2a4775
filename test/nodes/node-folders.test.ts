/**
 * The house: every node is one folder (runtime, editor definition, dialog, help and catalog in each language,
 * examples), the node set lists each once, and saved configs pass through the one migration table, in the
 * runtime as the flows of earlier versions hold them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { MIGRATIONS_BY_TYPE } from '../../dist/nodes/migrations';
import { NODE_SET } from '../../dist/nodes/node-set';
import { currentVersion, migrate, storedVersion, type Migration } from '../../dist/runtime/config-versions';
import { NODE_TYPES, ROOT } from '../support/package-files';

const NODES_DIR = path.join(ROOT, 'src', 'nodes');
const EXAMPLES_DIR = path.join(ROOT, 'examples');
const FLOWS_0_1_0 = path.join(ROOT, 'test', 'fixtures', 'flows-0.1.0');
const FOLDER_FILES = [
  'index.ts',
  'runtime.ts',
  'editor.ts',
  'editor.html',
  'help.en-US.html',
  'help.zh-CN.html',
  'catalog.en-US.json',
  'catalog.zh-CN.json',
];

type FlowNode = Record<string, unknown> & { id: string; type: string };

function flow(file: string): FlowNode[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FlowNode[];
}

describe('a folder per node', function () {
  it('lists every node type of the contract once, in its own folder, in palette order', function () {
    const types = NODE_SET.map((folder) => folder.runtime.type);
    expect(types).to.deep.equal([...NODE_TYPES]);
    const folders = fs.readdirSync(NODES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => `device-cloud-${entry.name}`).sort()).to.deep.equal([...NODE_TYPES].sort());
  });

  for (const { runtime } of NODE_SET) {
    it(`${runtime.type}: holds its runtime, editor, dialog, help and texts in both languages`, function () {
      const dir = path.join(NODES_DIR, runtime.type.replace(/^device-cloud-/, ''));
      const missing = FOLDER_FILES.filter((file) => !fs.existsSync(path.join(dir, file)));
      expect(missing, dir).to.deep.equal([]);
      expect(fs.readFileSync(path.join(dir, 'editor.ts'), 'utf8')).to.include(
        `RED.nodes.registerType('${runtime.type}', {`,
      );
    });
  }

  it('names each example in the folder of the node it shows, and the example uses that node', function () {
    const named = NODE_SET.flatMap((folder) => folder.examples.map((file) => ({ file, type: folder.runtime.type })));
    expect(named.map(({ file }) => file).sort()).to.deep.equal(fs.readdirSync(EXAMPLES_DIR).sort());
    for (const { file, type } of named) {
      expect(
        flow(path.join(EXAMPLES_DIR, file)).map((node) => node.type),
        file,
      ).to.include(type);
    }
  });
});

describe('config versions', function () {
  const rename: Migration = {
    version: 1,
    change: 'a renamed',
    up: ({ a, ...rest }) => ({ ...rest, b: a }),
  };
  const double: Migration = {
    version: 2,
    change: 'b doubled',
    up: (config) => ({ ...config, b: Number(config.b) * 2 }),
  };

  it('brings a config without a version through every migration, in order, and marks it newest', function () {
    const config: Record<string, unknown> = { id: 'n1', type: 't', a: 3 };
    expect(migrate(config, [double, rename])).to.deep.equal({ id: 'n1', type: 't', b: 6, version: 2 });
  });

  it('runs only the migrations after the version a config declares (a number, or digits as text)', function () {
    expect(migrate({ b: 5, version: 1 }, [rename, double])).to.deep.equal({ b: 10, version: 2 });
    expect(migrate({ b: 5, version: '1' }, [rename, double])).to.deep.equal({ b: 10, version: 2 });
    expect(storedVersion({ version: 'newest' })).to.equal(0);
    expect(storedVersion({ version: -1 })).to.equal(0);
  });

  it('leaves a config at the newest version as it is, and keeps the properties Node-RED does not enumerate', function () {
    const current = { b: 1, version: 2 };
    expect(migrate(current, [rename, double]))
      .to.equal(current)
      .and.deep.equal({ b: 1, version: 2 });
    const fromRuntime: Record<string, unknown> = { a: 1 };
    Object.defineProperty(fromRuntime, '_flow', { value: 'the flow', enumerable: false });
    const migrated = migrate(fromRuntime, [rename]);
    expect(migrated).to.equal(fromRuntime);
    expect(migrated._flow).to.equal('the flow');
    expect(migrated).to.deep.equal({ b: 1, version: 1 });
  });

  it('has, for each node type, migrations numbered 1, 2, ... without a gap, each saying what changed', function () {
    for (const [type, migrations] of Object.entries(MIGRATIONS_BY_TYPE)) {
      expect(NODE_TYPES, type).to.include(type);
      expect(
        migrations.map((m) => m.version),
        type,
      ).to.deep.equal(migrations.map((_m, i) => i + 1));
      for (const migration of migrations) expect(migration.change, type).to.be.a('string').and.not.equal('');
      expect(currentVersion(migrations)).to.equal(migrations.length);
    }
  });

  it('carries the filter of a to-do list saved by version 0.1.0 from `status` to `statusFilter`', function () {
    const saved = flow(path.join(FLOWS_0_1_0, 'todo-list.json')).filter((n) => n.type === 'device-cloud-todo-list');
    const migrations = MIGRATIONS_BY_TYPE['device-cloud-todo-list'];
    const migrated = saved.map((node) => migrate({ ...node }, migrations));
    expect(migrated.map(({ statusFilter, status, version }) => ({ statusFilter, status, version }))).to.deep.equal(
      saved.map((node) => ({ statusFilter: node.status, status: undefined, version: 1 })),
    );
    // A run-time status object the editor once saved over the setting is no filter: it is dropped.
    const overwritten = migrate({ status: { fill: 'green', text: '3 to-dos' } }, migrations);
    expect(overwritten).to.deep.equal({ version: 1 });
  });
});
