/**
 * The page record on its own: what it keeps, its bounds, its folder on disk (a crash mid-write, a missing
 * picture) and the spacing of its writes.
 */
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CoalescedWrites } from '../../dist/lib/coalesced-writes';
import type { PageContent } from '../../dist/lib/page-record/content';
import { PageRecord } from '../../dist/lib/page-record/record';
import { RecordFolder } from '../../dist/lib/page-record/record-folder';
import type { PageId } from '../../dist/lib/values';
import { PNG, pngOfSize } from '../fixtures/images';

const NODE = { id: 'n1', name: 'Pusher', z: 'tab' };
const text = (words: string): PageContent => ({ kind: 'text', text: words, options: {} });
const picture = (data: Buffer): PageContent => ({ kind: 'image', images: [{ data, format: 'png' }], options: {} });
const place = (account: string, deviceId: string, pageId: string) => ({ account, deviceId, pageId: pageId as PageId });
const keys = (record: PageRecord): string[] =>
  record.list().map((page) => `${page.account}/${page.deviceId}/${page.pageId}`);

describe('the page record', () => {
  it('keeps the last push per account, device and page; a delete clears one page or every page of a device', () => {
    const record = new PageRecord();
    record.pushed(place('a', 'D1', '1'), text('one'), true, NODE);
    record.pushed(place('a', 'D1', '1'), text('two'), true, NODE);
    record.pushed(place('a', 'D1', '2'), text('three'), false, NODE);
    record.pushed(place('b', 'D1', '1'), text('other account'), true, NODE);
    expect(record.get('a', 'D1', '1')).to.deep.include({ text: 'two', persistent: true, node: NODE });
    expect(record.size).to.equal(3);

    record.cleared('a', 'D1', 'all');
    expect(keys(record)).to.deep.equal(['b/D1/1']);
    record.cleared('b', 'D1', '1' as PageId);
    expect(record.size).to.equal(0);
  });

  it('when full, drops the oldest pages of accounts no longer in use first, then the oldest of all', () => {
    const inUse = new Set(['live']);
    const record = new PageRecord({ inUse: (account) => inUse.has(account), mostPages: 3 });
    record.pushed(place('live', 'D1', '1'), text('1'), true, NODE);
    record.pushed(place('gone', 'D1', '1'), text('2'), true, NODE);
    record.pushed(place('live', 'D1', '2'), text('3'), true, NODE);
    record.pushed(place('live', 'D1', '3'), text('4'), true, NODE);
    expect(keys(record)).to.deep.equal(['live/D1/1', 'live/D1/2', 'live/D1/3']);
    record.pushed(place('live', 'D1', '4'), text('5'), true, NODE);
    expect(keys(record)).to.deep.equal(['live/D1/2', 'live/D1/3', 'live/D1/4']);
  });

  it('holds a picture pushed to many devices once, and bounds the bytes of its pictures', () => {
    const record = new PageRecord({ mostImageBytes: 2500 });
    const shared = pngOfSize(1000);
    for (let device = 0; device < 20; device++)
      record.pushed(place('a', `D${device}`, '1'), picture(shared), true, NODE);
    expect(record.size).to.equal(20);
    expect(record.imageDigests().size).to.equal(1);

    record.pushed(place('a', 'X', '1'), picture(pngOfSize(1001)), true, NODE);
    record.pushed(place('a', 'Y', '1'), picture(pngOfSize(1002)), true, NODE);
    // 3003 bytes of three pictures is over the bound: the shared one, the oldest, went with its twenty pages.
    expect(keys(record)).to.deep.equal(['a/X/1', 'a/Y/1']);
  });
});

describe('the page record folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-record-folder-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function saved(record: PageRecord, folder: RecordFolder): Promise<void> {
    record.written(await folder.save(record.list(), (digest) => record.unwrittenImage(digest)));
  }

  it('writes the list and each picture exactly as sent, and reads them back', async () => {
    const folder = new RecordFolder(dir);
    const record = new PageRecord();
    record.pushed(place('a', 'D1', '1'), picture(PNG), true, NODE);
    record.pushed(place('a', 'D1', '2'), { kind: 'structured-text', title: 'T', options: {} }, false, NODE);
    await saved(record, folder);
    expect(record.unwrittenImage(record.list()[0].images?.[0].digest ?? '')).to.equal(undefined);

    const loaded = folder.load();
    expect(loaded.problems).to.deep.equal([]);
    expect(loaded.pages).to.deep.equal(record.list());
    expect(
      (await folder.readImage(loaded.pages[0].images?.[0] ?? { digest: '', format: 'png', bytes: 0 })).equals(PNG),
    ).to.equal(true);
  });

  it('a write cut short leaves the previous record whole, and the next write clears what it left', async () => {
    const folder = new RecordFolder(dir);
    const record = new PageRecord();
    record.pushed(place('a', 'D1', '1'), text('before'), true, NODE);
    await saved(record, folder);
    // What a crash in the middle of the next write leaves: a part of the new list under its temporary name.
    fs.writeFileSync(path.join(dir, `pages.json.0123456789ab.tmp`), '{"version":1,"pages":[{"acc');
    expect(folder.load().pages.map((page) => page.text)).to.deep.equal(['before']);

    record.pushed(place('a', 'D1', '1'), text('after'), true, NODE);
    await saved(record, folder);
    expect(fs.readdirSync(dir)).to.deep.equal(['pages.json']);
    expect(folder.load().pages.map((page) => page.text)).to.deep.equal(['after']);
  });

  it('leaves out, and says so, a page whose picture is missing or that does not hold; an unreadable file is empty', async () => {
    const folder = new RecordFolder(dir);
    const record = new PageRecord();
    record.pushed(place('a', 'D1', '1'), picture(PNG), true, NODE);
    record.pushed(place('a', 'D1', '2'), text('kept'), true, NODE);
    await saved(record, folder);
    for (const file of fs.readdirSync(dir)) if (file.endsWith('.png')) fs.rmSync(path.join(dir, file));
    const loaded = folder.load();
    expect(loaded.pages.map((page) => page.pageId)).to.deep.equal(['2']);
    expect(loaded.problems[0]).to.match(/1 page\(s\) left out/);

    fs.writeFileSync(path.join(dir, 'pages.json'), '[1, 2');
    expect(folder.load()).to.deep.include({ pages: [] });
    expect(folder.load().problems[0]).to.match(/is not JSON/);
    expect(new RecordFolder(path.join(dir, 'none')).load()).to.deep.equal({ pages: [], problems: [] });
  });
});

describe('coalesced writes', () => {
  it('makes one write of many changes, and starts two writes at least the spacing apart', async () => {
    const starts: number[] = [];
    const writes = new CoalescedWrites(
      async () => {
        starts.push(Date.now());
        await Promise.resolve();
      },
      (error) => {
        throw error;
      },
      200,
    );
    for (let change = 0; change < 50; change++) writes.request();
    await writes.settled();
    expect(starts).to.have.length(1);

    writes.request();
    await writes.settled();
    expect(starts).to.have.length(2);
    // The writes read the clock after the scheduler did, the first within the same millisecond or the next one.
    expect(starts[1] - starts[0]).to.be.at.least(200 - 1);
  });
});
