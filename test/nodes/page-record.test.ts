/**
 * The page record and its admin API in a whole Node-RED (its own process, its own user directory) against the
 * simulator: what the pushes of a flow leave in the record and in its file, a restart, a corrupt file, and a
 * delete and a push again through the API, in the order of the page's other calls.
 */
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import { stripedPicture, WHITE } from '../fixtures/images';
import { FIXTURES } from '../support/child';
import { NodeRedServer } from '../support/node-red-server';
import { ACCOUNT, HALLWAY, KITCHEN, pageRecordFlows } from '../support/page-record-flows';
import { eventually, until } from '../support/until';

const BLACK = [0, 0, 0] as const;
/** The tests' plugin that answers once the runtime's messages have settled (see test/fixtures/settled-plugin). */
const SETTLED_PLUGIN = path.join(FIXTURES, 'settled-plugin');
/** "secret-pass" as adminAuth wants a password: its bcrypt hash (4 rounds, quick to check). */
const SECRET_PASS_HASH = '$2b$04$krMuB0Ns7/tN/bLcRa7JQOiSRMh2X.2OTECGMMMAERCAmUTfMcOt.';

interface ListedPage {
  account: string;
  deviceId: string;
  pageId: string;
  kind: string;
  persistent: boolean;
  pushedAt: string;
  node: { id: string; name: string; z: string };
  text?: string;
  title?: string;
  body?: string;
  options: Record<string, unknown>;
  image?: string;
  images?: number;
}

describe('the page record and its admin API @slow', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let userDir: string;
  let server: NodeRedServer | undefined;
  let picture: Buffer;

  const recordDir = (): string => path.join(userDir, 'device-cloud-pages');
  const recordFile = (): string => path.join(recordDir(), 'pages.json');

  async function start(account: Record<string, unknown> = {}): Promise<NodeRedServer> {
    server = await NodeRedServer.start({
      userDir,
      flows: pageRecordFlows(sim.url, picture, account),
      credentials: { [ACCOUNT]: { apiKey: sim.apiKey } },
      modules: [SETTLED_PLUGIN],
    });
    return server;
  }

  async function pages(): Promise<ListedPage[]> {
    const { status, body } = await running().request('GET', 'device-cloud/pages');
    expect(status).to.equal(200);
    return body as ListedPage[];
  }

  function running(): NodeRedServer {
    if (!server) throw new Error('Node-RED is not running');
    return server;
  }

  /** Presses an inject node and waits until the messages it started have ended. */
  async function press(inject: string): Promise<void> {
    const { status } = await running().request('POST', `inject/${inject}`);
    expect(status, `inject ${inject}`).to.equal(200);
    const settled = await running().request('POST', `device-cloud-test/settled/${inject}`);
    expect(settled.status, `the messages of ${inject} to settle: ${String(settled.body)}`).to.equal(200);
  }

  /** The record once `check` holds for it. */
  async function pagesWhen(what: string, check: (listed: ListedPage[]) => boolean): Promise<ListedPage[]> {
    let last: ListedPage[] = [];
    return eventually(
      async () => {
        last = await pages();
        return check(last) ? last : undefined;
      },
      { what, got: () => last },
    );
  }

  /** The pages the record file holds; none while it is missing or does not parse. */
  function savedPages(): unknown[] {
    try {
      return (JSON.parse(fs.readFileSync(recordFile(), 'utf8')) as { pages: unknown[] }).pages;
    } catch {
      return [];
    }
  }

  const find = (listed: ListedPage[], deviceId: string, pageId: string): ListedPage | undefined =>
    listed.find((page) => page.deviceId === deviceId && page.pageId === pageId);

  const simPage = (deviceId: string, pageId: string) => sim.state.pages.get(deviceId)?.[Number(pageId) - 1] ?? null;

  before(async () => {
    sim = await startSimulator();
    picture = await stripedPicture(400, 300, [
      [0.5, BLACK],
      [0.5, WHITE],
    ]);
  });

  beforeEach(() => {
    sim.reset();
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-page-record-'));
  });

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    fs.rmSync(userDir, { recursive: true, force: true });
  });

  after(() => sim.close());

  it('records each push the service accepted, per device and page, with the node, and the picture as sent', async () => {
    await start();
    const flowsAtStart = fs.readFileSync(path.join(userDir, 'flows.json'), 'utf8');
    const beforePush = Date.now();
    await press('text-go');
    const afterPush = Date.now();
    await press('image-go');
    await press('notice-go');
    await press('both-go');
    const listed = await pagesWhen('five pages recorded', (all) => all.length === 5);

    const text = find(listed, KITCHEN, '1');
    expect(text).to.deep.include({
      account: ACCOUNT,
      kind: 'text',
      text: 'Hello kitchen',
      options: { fontSize: 28 },
      persistent: true,
      node: { id: 'text', name: 'Kitchen greeting', z: 'tab' },
    });
    expect(Date.parse(text?.pushedAt ?? '')).to.be.within(beforePush, afterPush);
    expect(find(listed, KITCHEN, '3')).to.deep.include({
      kind: 'structured-text',
      title: 'Bins',
      body: 'Tomorrow: paper',
    });
    expect(find(listed, KITCHEN, '4')?.text).to.equal('For every screen');
    expect(find(listed, HALLWAY, '4')?.text).to.equal('For every screen');

    const image = find(listed, KITCHEN, '2');
    expect(image).to.deep.include({ kind: 'image', options: { dither: false }, images: 1 });
    expect(image?.image).to.equal(`device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/2/image`);
    const answer = await fetch(new URL(image?.image ?? '', running().url));
    expect(answer.headers.get('content-type')).to.equal('image/png');
    const sent = sim.requests.find((request) => request.path.endsWith('/display/image'));
    const sentPicture = sent?.parts?.find((part) => part.name === 'images')?.data;
    expect(Buffer.from(await answer.arrayBuffer()).equals(sentPicture ?? Buffer.alloc(0))).to.equal(true);
    for (const asked of [
      `${image?.image}?index=1`,
      `${image?.image}?index=x`,
      `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1/image`,
    ]) {
      const none = await fetch(new URL(asked, running().url));
      expect(none.status, `${asked}: the second picture, no index, a text page`).to.equal(404);
      expect(await none.json(), asked).to.deep.equal({ error: 'no such picture on this page' });
    }

    // On disk within a second: the picture once, by its digest; the list; never the key.
    await until(() => savedPages().length === 5, { what: 'the record file with five pages' });
    const files = fs.readdirSync(recordDir()).sort();
    expect(files).to.have.length(2);
    expect(files).to.include('pages.json');
    for (const file of files)
      expect(fs.readFileSync(path.join(recordDir(), file)).includes(sim.apiKey)).to.equal(false);
    expect(fs.readFileSync(path.join(userDir, 'flows.json'), 'utf8')).to.equal(flowsAtStart);
  });

  it('a push skipped as unchanged changes nothing; a page delete clears the page, a delete of all every page', async () => {
    await start();
    await press('text-go');
    await press('notice-go');
    await press('both-go');
    const before = await pagesWhen('four pages', (all) => all.length === 4);
    await press('text-go');
    expect(sim.requests.filter((request) => request.path.endsWith('/display/text'))).to.have.length(3);
    expect(find(await pages(), KITCHEN, '1')?.pushedAt).to.equal(find(before, KITCHEN, '1')?.pushedAt);

    await press('delete-go');
    await pagesWhen('page 3 of the kitchen cleared', (all) => find(all, KITCHEN, '3') === undefined);
    await press('delete-all-go');
    const after = await pagesWhen('the hallway cleared', (all) => all.every((page) => page.deviceId !== HALLWAY));
    expect(after.map((page) => `${page.deviceId}/${page.pageId}`).sort()).to.deep.equal([
      `${KITCHEN}/1`,
      `${KITCHEN}/4`,
    ]);
  });

  it("serves a picture drawn for the sidebar's size: each pixel the mean of what it covers; as it is when asked larger", async () => {
    await start();
    await press('image-go');
    const [listed] = await pagesWhen('the picture recorded', (all) => all.length === 1);
    const url = (query: string) => new URL(`${listed.image ?? ''}${query}`, running().url);

    const small = await fetch(url('?width=141&height=106'));
    expect(small.status).to.equal(200);
    expect(small.headers.get('content-type')).to.equal('image/png');
    const thumbnail = sharp(Buffer.from(await small.arrayBuffer()));
    const { data, info } = await thumbnail.greyscale().raw().toBuffer({ resolveWithObject: true });
    // 400 x 300 within 141 x 106, its shape kept.
    expect([info.width, info.height]).to.deep.equal([141, 106]);
    const row = [...data.subarray(50 * info.width, 51 * info.width)];
    expect(row.slice(0, 70), 'the black half').to.deep.equal(Array<number>(70).fill(0));
    expect(row.slice(71), 'the white half').to.deep.equal(Array<number>(70).fill(255));
    // Column 70 covers source columns 198.6 to 201.4, half black: grey, where the nearest pixel would be either.
    expect(row[70], 'the pixel across the edge').to.be.within(110, 145);

    const sent = sim.requests.find((request) => request.path.endsWith('/display/image'));
    const sentPicture = sent?.parts?.find((part) => part.name === 'images')?.data ?? Buffer.alloc(0);
    const large = await fetch(url('?width=800&height=600'));
    expect(Buffer.from(await large.arrayBuffer()).equals(sentPicture), 'the picture as sent').to.equal(true);

    for (const [query, field] of [
      ['?width=wide&height=106', 'width'],
      ['?width=141', 'height'],
      ['?width=141&height=0', 'height'],
    ]) {
      const refused = await fetch(url(query));
      expect(refused.status, query).to.equal(400);
      expect(((await refused.json()) as { field: string }).field, query).to.equal(field);
    }
  });

  it('keeps the record across a restart, and survives a corrupt file with a warning and an empty record', async () => {
    await start();
    await press('text-go');
    await press('image-go');
    await pagesWhen('two pages', (all) => all.length === 2);
    await running().stop();
    // The account's close waits for the write: the file holds both pages when Node-RED has stopped.
    expect(savedPages()).to.have.length(2);

    await start();
    const kept = await pages();
    expect(kept.map((page) => page.pageId).sort()).to.deep.equal(['1', '2']);
    const answer = await fetch(new URL(find(kept, KITCHEN, '2')?.image ?? '', running().url));
    expect(answer.status).to.equal(200);
    await running().stop();

    fs.writeFileSync(recordFile(), '{"version":1,"pages":[{"account":');
    await start();
    expect(await pages()).to.deep.equal([]);
    expect(running().output).to.match(/\[device-cloud\] the page record: .*pages\.json is not JSON/);
    await press('notice-go');
    await pagesWhen('the new push recorded', (all) => all.length === 1);
    // Written again, and the picture no page names any more is gone with it (removed after the list is written).
    await until(() => savedPages().length === 1 && fs.readdirSync(recordDir()).join() === 'pages.json', {
      what: 'the record file written again, and nothing else in its folder',
      got: () => fs.readdirSync(recordDir()),
    });
  });

  it('deletes a page through the service and clears its record; the service error comes back as the answer', async () => {
    await start();
    await press('text-go');
    await press('notice-go');
    await pagesWhen('two pages', (all) => all.length === 2);

    const deleted = await running().request('DELETE', `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/3`);
    expect(deleted).to.deep.equal({ status: 200, body: { deviceId: KITCHEN, pageId: '3', deleted: true } });
    expect(sim.requests.at(-1)).to.deep.include({
      method: 'DELETE',
      path: `/open/v1/devices/${KITCHEN}/display/pages/3`,
    });
    expect(simPage(KITCHEN, '3')).to.equal(null);
    expect(find(await pages(), KITCHEN, '3')).to.equal(undefined);

    sim.misbehave({ kind: 'code', method: 'DELETE', code: 1001, times: 10 });
    const refused = await running().request('DELETE', `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1`);
    expect(refused.status).to.equal(502);
    expect((refused.body as { error: string }).error).to.match(/delete page failed/);
    expect(find(await pages(), KITCHEN, '1')).to.not.equal(undefined);
    sim.clearFaults();

    const all = await running().request('DELETE', `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/all`);
    expect(all.status).to.equal(200);
    expect(sim.requests.at(-1)).to.deep.include({
      method: 'DELETE',
      path: `/open/v1/devices/${KITCHEN}/display/pages`,
    });
    expect(await pages()).to.deep.equal([]);

    const nothing = await running().request(
      'POST',
      `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1/push`,
    );
    expect(nothing.status).to.equal(404);
    const badPage = await running().request('DELETE', `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/9`);
    expect(badPage.status).to.equal(400);
    expect((badPage.body as { field: string }).field).to.equal('pageId');
  });

  it('pushes a picture again exactly as recorded, and a text again with its options', async () => {
    await start();
    await press('image-go');
    await press('text-go');
    await pagesWhen('two pages', (all) => all.length === 2);
    const first = sim.requests.find((request) => request.path.endsWith('/display/image'));
    sim.clearRequests();

    const again = await running().request(
      'POST',
      `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/2/push`,
    );
    expect(again.status).to.equal(200);
    expect(sim.requests).to.have.length(1);
    const parts = sim.requests[0].parts ?? [];
    expect(
      parts.find((part) => part.name === 'images')?.data.equals(first?.parts?.[0].data ?? Buffer.alloc(0)),
    ).to.equal(true);
    expect(parts.find((part) => part.name === 'dither')?.data.toString()).to.equal('false');
    expect(parts.find((part) => part.name === 'pageId')?.data.toString()).to.equal('2');

    await running().request('POST', `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1/push`);
    expect(sim.requests[1].body).to.deep.equal({ text: 'Hello kitchen', fontSize: 28, pageId: '1' });
    // The node that pushed it is still the one the record names.
    expect(find(await pages(), KITCHEN, '1')?.node.id).to.equal('text');
  });

  it('pushes a temporary page again as it was pushed: without a page, to the temporary screen', async () => {
    await start();
    await press('text-go');
    await pagesWhen('the page recorded', (all) => all.length === 1);
    await running().stop();
    // A push without a page that the service answered naming one: recorded as temporary on that page.
    const record = JSON.parse(fs.readFileSync(recordFile(), 'utf8')) as { pages: { persistent: boolean }[] };
    record.pages[0].persistent = false;
    fs.writeFileSync(recordFile(), JSON.stringify(record));
    await start();
    expect(find(await pages(), KITCHEN, '1')?.persistent).to.equal(false);
    const before = simPage(KITCHEN, '1');
    sim.clearRequests();

    const again = await running().request(
      'POST',
      `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1/push`,
    );

    expect(again.status).to.equal(200);
    expect(sim.requests.map((request) => request.body)).to.deep.equal([{ text: 'Hello kitchen', fontSize: 28 }]);
    expect(sim.state.temporaryScreens.get(KITCHEN)).to.include({
      kind: 'text',
      text: 'Hello kitchen',
      persistent: false,
    });
    expect(simPage(KITCHEN, '1'), 'page 1 as it was').to.deep.equal(before);
  });

  it('a push again racing a push of the flow to the same page lands in order: the flow push last', async () => {
    await start();
    await press('text-go');
    sim.clearRequests();
    // The push again is refused once with Retry-After: it is still the page's to send when the flow pushes.
    sim.misbehave({ kind: 'retry-after', method: 'POST', path: /display\/text/, retryAfter: '1' });

    const again = running().request('POST', `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1/push`);
    await until(() => sim.requests.length === 1, { what: 'the push again at the service' });
    await press('later-go');
    // The newer push replaced the waiting one, as a newer push of a flow does: it is not sent after it.
    expect(await again).to.deep.equal({
      status: 200,
      body: { superseded: true, deviceId: KITCHEN, pageId: '1' },
    });
    expect(sim.requests.map((request) => (request.body as { text: string }).text)).to.deep.equal([
      'Hello kitchen',
      'Later text',
    ]);
    expect(simPage(KITCHEN, '1')).to.deep.include({ text: 'Later text' });
    expect(find(await pages(), KITCHEN, '1')).to.deep.include({ text: 'Later text' });
  });

  it('a push of the flow racing a push again that is on the wire waits for it: the flow push last', async () => {
    await start({ timeout: '1' });
    await press('text-go');
    sim.clearRequests();
    // The service holds the push again's answer back: it is on the wire when the flow pushes, until it times out.
    sim.misbehave({ kind: 'hang', method: 'POST', path: /display\/text/ });
    const again = running().request('POST', `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1/push`);
    await until(() => sim.requests.length === 1, { what: 'the push again at the service' });
    await press('later-go');
    await again;
    // Had the flow push gone at once, the push again, tried again after its timeout, would have landed last.
    expect(sim.requests.map((request) => (request.body as { text: string }).text)).to.deep.equal([
      'Hello kitchen',
      'Later text',
    ]);
    expect(simPage(KITCHEN, '1')).to.deep.include({ text: 'Later text' });
    expect(find(await pages(), KITCHEN, '1')).to.deep.include({ text: 'Later text' });
  });

  it('under adminAuth refuses an anonymous reader, and a reader without the write permission its delete', async () => {
    const password = SECRET_PASS_HASH;
    server = await NodeRedServer.start({
      userDir,
      flows: pageRecordFlows(sim.url, picture),
      credentials: { [ACCOUNT]: { apiKey: sim.apiKey } },
      settings: {
        adminAuth: {
          type: 'credentials',
          users: [
            { username: 'viewer', password, permissions: ['device-cloud.read', 'flows.read'] },
            { username: 'admin', password, permissions: '*' },
          ],
        },
      },
    });
    const tokenOf = async (username: string): Promise<string> => {
      const { body } = await running().request('POST', 'auth/token', {
        body: { client_id: 'node-red-admin', grant_type: 'password', scope: '', username, password: 'secret-pass' },
      });
      return (body as { access_token: string }).access_token;
    };
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const admin = await tokenOf('admin');
    const viewer = await tokenOf('viewer');
    await running().request('POST', 'inject/text-go', as(admin));
    await eventually(
      async () => ((await running().request('GET', 'device-cloud/pages', as(admin))).body as unknown[]).length === 1,
    );

    expect((await running().request('GET', 'device-cloud/pages')).status).to.equal(401);
    const seen = await running().request('GET', 'device-cloud/pages', as(viewer));
    expect(seen.status).to.equal(200);
    expect(seen.body).to.have.length(1);
    const page = `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1`;
    sim.clearRequests();
    expect((await running().request('DELETE', page, as(viewer))).status).to.equal(401);
    expect((await running().request('POST', `${page}/push`, as(viewer))).status).to.equal(401);
    expect(sim.requests).to.deep.equal([]);
    expect((await running().request('DELETE', page, as(admin))).status).to.equal(200);
    expect(simPage(KITCHEN, '1')).to.equal(null);
  });
});
