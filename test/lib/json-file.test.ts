// The small JSON files nodes keep in Node-RED's user directory: read back as written, a missing file told apart
// from one that cannot be read, a write that fails leaving the old file and no temporary one, and a bound on
// the files of a node.

import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keepNewest, readJsonFile, removeFiles, writeJsonFile } from '../../dist/runtime/json-file';

describe('a JSON file of a node', function () {
  let folder: string;

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'json-file-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('is written whole, its folder made, and read back; missing and unreadable files are told apart', async () => {
    const file = path.join(folder, 'a', 'b', 'memory.json');
    expect(await readJsonFile(file)).to.deep.equal({ kind: 'missing' });
    await writeJsonFile(file, { items: [['milk', { id: 1 }]], text: '购物 ✓' });
    expect(await readJsonFile(file)).to.deep.equal({
      kind: 'read',
      value: { items: [['milk', { id: 1 }]], text: '购物 ✓' },
    });
    expect(fs.readdirSync(path.dirname(file)), 'no temporary file left').to.deep.equal(['memory.json']);

    fs.writeFileSync(file, '{"items": [');
    const read = await readJsonFile(file);
    expect(read.kind).to.equal('unreadable');
  });

  it('a write that fails leaves the file as it was and no temporary file', async () => {
    const file = path.join(folder, 'memory.json');
    await writeJsonFile(file, { version: 1 });
    // A value JSON cannot write: the write fails before the file is replaced.
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await writeJsonFile(file, circular).then(
      () => expect.fail('the write should fail'),
      (error: unknown) => expect(String(error)).to.match(/circular/i),
    );
    expect(await readJsonFile(file)).to.deep.equal({ kind: 'read', value: { version: 1 } });
    expect(fs.readdirSync(folder)).to.deep.equal(['memory.json']);
  });

  it('keeps the newest files of a prefix up to a bound, and removes them all when asked', async () => {
    for (const [index, name] of ['n1-a.json', 'n1-b.json', 'n1-c.json', 'n2-a.json'].entries()) {
      fs.writeFileSync(path.join(folder, name), '{}');
      const written = new Date(Date.UTC(2026, 0, 1 + index));
      fs.utimesSync(path.join(folder, name), written, written);
    }
    await keepNewest(folder, 'n1-', 2);
    expect(fs.readdirSync(folder).sort()).to.deep.equal(['n1-b.json', 'n1-c.json', 'n2-a.json']);
    await removeFiles(folder, 'n1-');
    expect(fs.readdirSync(folder)).to.deep.equal(['n2-a.json']);
    await keepNewest(path.join(folder, 'none'), 'n1-', 2);
  });
});
