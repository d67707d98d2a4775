/**
 * What people build, as the examples ship it: a photo frame, quiet hours for
 * every device, a message shown now, a morning brief and a screen from another
 * server. Each runs in a real Node-RED runtime against the simulator as a user
 * imports it (with only the one setting its comment names changed), and the
 * test checks what the service received and what the page shows, read back by
 * sharp (pixels) and tesseract (words). Schedules are pressed, never waited
 * for: the inject nodes' times are checked as Node-RED's editor writes them.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { Harness } from './support/harness';
import { ExampleRun, type FlowNode } from './support/example-run';
import { ROOT } from './support/package-files';
import { until } from './support/until';
import { compact, readText } from './render/support';
import { PageRenderer } from '../dist/lib/render';
import { EXAMPLE_DEVICES, type SimImagePage, type Simulator } from '../dist/simulator/server';

const LIVING_ROOM = 'AA:BB:CC:DD:EE:03';
const BEDROOM = 'AA:BB:CC:DD:EE:04';
const GARAGE = 'AA:BB:CC:DD:EE:05';
const BLACK = '0,0,0';
const WHITE = '255,255,255';
const RED = '255,0,0';
const YELLOW = '255,255,0';

function example(name: string): FlowNode[] {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', `${name}.json`), 'utf8')) as FlowNode[];
}

function named(nodes: FlowNode[], name: string): FlowNode {
  const node = nodes.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`no node "${name}"`);
  return node;
}

function imagePage(sim: Simulator, deviceId: string, pageId: number): SimImagePage {
  const page = sim.state.pages.get(deviceId)?.[pageId - 1];
  if (page?.kind !== 'image') throw new Error(`page ${pageId} of ${deviceId} holds ${page ? page.kind : 'nothing'}`);
  return page;
}

/** The words tesseract reads on the page's picture, without white space. */
async function wordsOn(page: SimImagePage): Promise<string> {
  const [text] = await readText([page.images[0].data], [], 'eng');
  return compact(text);
}

async function coloursOf(png: Buffer): Promise<Set<string>> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<string>();
  for (let i = 0; i < data.length; i += 3) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
  return colours;
}

/** How many black pixels each row of a picture has from `left` to `right`. */
async function blackPerRow(png: Buffer, left: number, right: number): Promise<number[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return Array.from({ length: info.height }, (_, y) => {
    let black = 0;
    for (let x = left; x <= right; x++) if (data[y * info.width + x] === 0) black++;
    return black;
  });
}

/** A picture of a word in large black letters on white, as a photo in the folder (drawn with the package's fonts: a test machine may have none). */
async function pictureOfWord(word: string): Promise<Buffer> {
  const renderer = new PageRenderer();
  try {
    const template = `<div style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;font-size:120px;font-weight:bold">${word}</div>`;
    return await renderer.render({ template, width: 800, height: 600 });
  } finally {
    await renderer.close();
  }
}

/** A picture of one colour, as a photo in the folder. */
function pictureOfColour(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

const pushes = (sim: Simulator) => sim.requests.filter((request) => request.path.includes('/display/'));

describe('journeys: the examples people build', function () {
  this.timeout(60_000);
  let harness: Harness;
  let run: ExampleRun | undefined;

  before(async () => {
    harness = await Harness.start({ devices: [...EXAMPLE_DEVICES] });
  });
  afterEach(async () => {
    await run?.unload();
    run = undefined;
  });
  after(() => harness.stop());

  async function load(nodes: FlowNode[]): Promise<ExampleRun> {
    await harness.reset();
    run = await ExampleRun.load(harness, nodes);
    return run;
  }

  describe('photo frame', function () {
    let folder: string;
    beforeEach(() => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-frame-'));
    });
    afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

    it("repeats every 10 minutes from 07:00 to 22:00, Monday to Saturday: the inject node's interval between times", () => {
      const inject = example('photo-frame').find((node) => node.type === 'inject') as FlowNode;
      // As the inject dialog writes "interval between times", every 10 minutes, 07:00 to 22:00, Mon to Sat.
      expect(inject).to.include({ crontab: '*/10 7-21 * * 1,2,3,4,5,6', repeat: '' });
    });

    it("shows the folder's pictures in name order, skips one it cannot read with a warning, and starts again", async () => {
      fs.writeFileSync(path.join(folder, '1-sunset.png'), await pictureOfWord('SUNSET'));
      fs.writeFileSync(path.join(folder, '2-broken.jpg'), 'not a picture');
      fs.writeFileSync(path.join(folder, '3-harbour.png'), await pictureOfWord('HARBOUR'));
      fs.writeFileSync(path.join(folder, 'notes.txt'), 'not shown');
      const nodes = example('photo-frame');
      const setting = named(nodes, 'the photo folder') as FlowNode & { rules: { to: string }[] };
      setting.rules[0].to = folder;
      const frame = await load(nodes);
      const [inject] = frame.injects;
      const shown = frame.received.get(named(nodes, 'picture shown').id) ?? [];

      await frame.press(inject);
      expect(await wordsOn(imagePage(frame.sim, LIVING_ROOM, 1))).to.include('SUNSET');
      await frame.press(inject);
      expect(frame.warningsOf(named(nodes, 'skip it').id)).to.satisfy(
        (warnings: string[]) => warnings.length === 1 && warnings[0].startsWith('2-broken.jpg skipped: '),
      );
      expect(await wordsOn(imagePage(frame.sim, LIVING_ROOM, 1))).to.include('HARBOUR');
      await frame.press(inject);
      expect(await wordsOn(imagePage(frame.sim, LIVING_ROOM, 1))).to.include('SUNSET');

      expect(shown.map((msg) => (msg as { picture?: string }).picture)).to.deep.equal([
        '1-sunset.png',
        '3-harbour.png',
        '1-sunset.png',
      ]);
      expect(pushes(frame.sim).map((request) => request.path)).to.deep.equal(
        Array(3).fill(`/open/v1/devices/${LIVING_ROOM}/display/image`),
      );
      expect(frame.caughtErrors()).to.deep.equal([]);
    });

    it('draws for the four-colour display when its render node says bwry: only black, white, red and yellow', async () => {
      fs.writeFileSync(path.join(folder, 'flag.png'), await pictureOfColour('#d01010'));
      fs.writeFileSync(path.join(folder, 'sun.png'), await pictureOfColour('#f0e020'));
      const nodes = example('photo-frame');
      (named(nodes, 'the photo folder') as FlowNode & { rules: { to: string }[] }).rules[0].to = folder;
      Object.assign(named(nodes, 'fitted and dithered'), { colors: 'bwry', dither: 'floyd-steinberg' });
      const frame = await load(nodes);
      await frame.press(frame.injects[0]);
      const red = await coloursOf(imagePage(frame.sim, LIVING_ROOM, 1).images[0].data);
      await frame.press(frame.injects[0]);
      const yellow = await coloursOf(imagePage(frame.sim, LIVING_ROOM, 1).images[0].data);
      for (const colours of [red, yellow])
        expect([...colours]).to.satisfy((all: string[]) => all.every((c) => [BLACK, WHITE, RED, YELLOW].includes(c)));
      expect([...red]).to.include(RED);
      expect([...yellow]).to.include(YELLOW);
    });

    it('shows sample pictures when the folder does not exist, and says so', async () => {
      const nodes = example('photo-frame');
      (named(nodes, 'the photo folder') as FlowNode & { rules: { to: string }[] }).rules[0].to = path.join(
        folder,
        'none',
      );
      const frame = await load(nodes);
      await frame.press(frame.injects[0]);
      const page = imagePage(frame.sim, LIVING_ROOM, 1);
      expect((await sharp(page.images[0].data).metadata()).width).to.equal(400);
      expect(
        frame.received.get(named(nodes, 'picture shown').id)?.map((msg) => (msg as { picture?: string }).picture),
      ).to.deep.equal(['sample 1']);
      expect(frame.warningsOf(named(nodes, 'next picture').id)).to.deep.equal([
        `${path.join(folder, 'none')} holds no PNG, JPEG or GIF picture: showing the sample pictures`,
      ]);
    });
  });

  describe('quiet hours for every device', function () {
    const schedule = [
      { name: '22:00 every day: sync off', crontab: '00 22 * * *', minutes: 0 },
      { name: '07:00 on workdays: every 10 minutes', crontab: '00 07 * * 1,2,3,4,5', minutes: 10 },
      { name: '07:00 at the weekend: every hour', crontab: '00 07 * * 0,6', minutes: 60 },
    ];

    for (const { name, crontab, minutes } of schedule) {
      it(`"${name}": sets every device of the account from its device list to ${minutes}`, async () => {
        const nodes = example('sync-interval');
        const inject = named(nodes, name);
        expect(inject).to.include({ crontab, payload: String(minutes), payloadType: 'num' });
        const quiet = await load(nodes);
        await quiet.press(inject);
        expect(quiet.sim.requests[0]).to.include({ method: 'GET', path: '/open/v1/devices' });
        const set = quiet.sim.requests.filter((request) => request.method === 'PUT');
        expect(set.map((request) => decodeURIComponent(request.path))).to.have.members(
          EXAMPLE_DEVICES.map((device) => `/open/v1/devices/${device.deviceId}/sync-interval`),
        );
        for (const request of set) expect(request.body).to.deep.equal({ syncInterval: minutes });
        for (const device of EXAMPLE_DEVICES) {
          expect(quiet.sim.state.syncIntervals.get(device.deviceId), device.alias).to.equal(minutes);
        }
      });
    }
  });

  describe('show this now', function () {
    it('pushes the text to page 2, lowers the sync interval to 10 minutes, and restores it after the hold', async () => {
      const nodes = example('show-this-now');
      expect(named(nodes, 'for an hour, then back')).to.include({ duration: '1', units: 'hr', op2: '60' });
      const now = await load(nodes);
      const [inject] = now.injects;
      await now.press(inject);
      expect(now.sim.state.pages.get(BEDROOM)?.[1]).to.include({
        kind: 'text',
        text: 'Back at 6 pm.\nPizza in the oven at 7.',
        persistent: true,
      });
      expect(now.sim.state.syncIntervals.get(BEDROOM)).to.equal(10);
      // The hour, held now; a second press with msg.delay (milliseconds) starts the hold again, shorter.
      await now.press(inject, { delay: 1 });
      await until(() => now.sim.state.syncIntervals.get(BEDROOM) === 60, {
        what: 'the bedroom sync interval back at 60 minutes',
      });
      const intervals = now.sim.requests
        .filter((request) => request.path.endsWith('/sync-interval'))
        .map((request) => (request.body as { syncInterval: number }).syncInterval);
      expect(intervals).to.deep.equal([10, 10, 60]);
    });
  });

  describe('morning brief', function () {
    it('at 06:30 draws the weather, the day full of events with "+N more", and the first to-dos on page 1', async () => {
      const nodes = example('morning-brief');
      expect(named(nodes, 'Every day at 06:30')).to.include({ crontab: '30 06 * * *' });
      const brief = await load(nodes);
      const titles = [
        'Buy milk',
        'Water the plants',
        'Pay the rent',
        'Fix the bike',
        'Order cat food',
        'Book a haircut',
      ];
      for (const title of [...titles, 'Wash the car', 'Mend the fence', 'Sort the post', 'Clean the oven']) {
        brief.sim.addTodo({ title, deviceId: BEDROOM });
      }
      brief.sim.addTodo({ title: 'Already done', deviceId: BEDROOM, status: 1 });
      await brief.press(brief.injects[0]);
      const listed = brief.sim.requests.find((request) => request.path === '/open/v1/todos');
      expect(listed?.query).to.include({ deviceId: BEDROOM });
      const words = await wordsOn(imagePage(brief.sim, BEDROOM, 1));
      for (const expected of ['Today', 'Todo', 'Allday', 'Binsout', 'Schoolrun', '14°', 'Buymilk', 'Waterthe']) {
        expect(words, expected).to.include(expected);
      }
      expect(words).to.match(/\+\dmore.*\+\dmore/);
      expect(words).to.not.include('Alreadydone');
    });

    it("asks Home Assistant for the forecast and the day's events when HA_URL is set, with its token", async () => {
      const asked: { path: string; authorization?: string; body: unknown }[] = [];
      const homeAssistant = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          asked.push({
            path: request.url ?? '',
            authorization: request.headers.authorization,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          });
          const answer = request.url?.includes('weather')
            ? { 'weather.home': { forecast: [{ condition: 'snowy', temperature: -3, templow: -9 }] } }
            : {
                'calendar.family': {
                  events: [{ summary: 'Sledging', start: new Date().toISOString(), end: new Date().toISOString() }],
                },
              };
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ changed_states: [], service_response: answer }));
        });
      });
      await new Promise<void>((resolve) => homeAssistant.listen(0, '127.0.0.1', resolve));
      process.env.HA_URL = `http://127.0.0.1:${(homeAssistant.address() as AddressInfo).port}/`;
      process.env.HA_TOKEN = 'long-lived-token';
      try {
        const brief = await load(example('morning-brief'));
        await brief.press(brief.injects[0]);
        expect(asked.map((request) => request.path)).to.deep.equal([
          '/api/services/weather/get_forecasts?return_response',
          '/api/services/calendar/get_events?return_response',
        ]);
        for (const request of asked) expect(request.authorization).to.equal('Bearer long-lived-token');
        expect(asked[0].body).to.deep.equal({ entity_id: 'weather.home', type: 'daily' });
        const words = await wordsOn(imagePage(brief.sim, BEDROOM, 1));
        expect(words).to.include('Sledging');
        expect(words).to.include('Nothingtodo');
      } finally {
        delete process.env.HA_URL;
        delete process.env.HA_TOKEN;
        homeAssistant.closeAllConnections();
        await new Promise((resolve) => homeAssistant.close(resolve));
      }
    });
  });

  describe('a screen from another server', function () {
    it("fetches the stand-in server's 800 x 480 picture, fits it to 400 x 300 on page 3, and pushes only a new one", async () => {
      const nodes = example('screen-from-another-server');
      const other = await load(nodes);
      const fetch = named(nodes, 'every 5 minutes');
      const change = named(nodes, "Change the stand-in's screen");
      const outcomes = other.received.get(named(nodes, 'pushed, or unchanged').id) ?? [];
      const unchanged = () =>
        outcomes.map((msg) => (msg as { payload?: { unchanged?: string } }).payload?.unchanged).filter(Boolean);

      await other.press(fetch);
      const served = await globalThis.fetch(`${other.nodeRedUrl}/trmnl-stand-in/screen.png`);
      const servedSize = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([servedSize.width, servedSize.height], "the stand-in server's picture").to.deep.equal([800, 480]);
      const first = imagePage(other.sim, BEDROOM, 3);
      const size = await sharp(first.images[0].data).metadata();
      expect([size.width, size.height]).to.deep.equal([400, 300]);
      const words = await wordsOn(first);
      expect(words).to.include('Fromanotherserver');
      expect(words).to.include('Binsouttonight');
      // The rule under the title (x 56 to 744 of 800, 4 px thick) stays a line of 2 or 3 rows, black from end
      // to end, with no dots beside it: the rows above and below it are white there.
      const rows = await blackPerRow(first.images[0].data, 30, 370);
      const rule = rows.flatMap((black, y) => (black === 341 && y > 34 && y < 265 ? [y] : []));
      expect(rule.length, 'rows of the rule').to.be.within(2, 3);
      const [top, bottom] = [rule[0], rule[rule.length - 1]];
      expect(bottom - top, 'one line').to.equal(rule.length - 1);
      expect([rows[top - 1], rows[bottom + 1]], 'black beside the rule').to.deep.equal([0, 0]);

      await other.press(fetch);
      expect(unchanged()).to.deep.equal(['stand-in-1']);
      expect(pushes(other.sim)).to.have.length(1);

      await other.press(change);
      expect(pushes(other.sim)).to.have.length(2);
      expect(await wordsOn(imagePage(other.sim, BEDROOM, 3))).to.include('Recyclingday');
      await other.press(fetch);
      expect(unchanged()).to.deep.equal(['stand-in-1', 'stand-in-2']);
      expect(pushes(other.sim)).to.have.length(2);
      expect(other.caughtErrors()).to.deep.equal([]);
    });

    it('a wrong device key is refused by the server, and the error reaches the Catch node', async () => {
      const nodes = example('screen-from-another-server');
      const server = named(nodes, 'the server: address and device key') as FlowNode & {
        rules: { p: string; to: string }[];
      };
      const headers = server.rules.find((rule) => rule.p === 'headers') as { to: string };
      headers.to = headers.to.replace('stand-in-key', 'wrong-key');
      const other = await load(nodes);
      await other.press(named(nodes, 'every 5 minutes')).then(
        () => expect.fail('the press ended without an error'),
        (error: Error) => expect(error.message).to.match(/a Catch node got: .*401/),
      );
      expect(pushes(other.sim)).to.deep.equal([]);
    });
  });

  describe('a TRMNL recipe', function () {
    it("fetches the recipe's data every 15 minutes through an http request and draws its quote on page 2 of the garage display", async () => {
      const nodes = example('trmnl-recipe');
      expect(named(nodes, 'every 15 minutes')).to.include({ repeat: '900', crontab: '' });
      const request = named(nodes, "the recipe's data");
      expect(request.type).to.equal('http request');
      const quotes = await load(nodes);
      await quotes.press(named(nodes, 'every 15 minutes'));
      const page = imagePage(quotes.sim, GARAGE, 2);
      const size = await sharp(page.images[0].data).metadata();
      expect([size.width, size.height]).to.deep.equal([400, 300]);
      const words = await wordsOn(page);
      // The stand-in's quote (the recipe's own sample), its speaker, and the recipe's title bar.
      for (const word of ['hadabullet', 'Ihadagun', 'Timetogotowork', 'MaxPayne'])
        expect(words, words).to.include(word);
      expect(quotes.caughtErrors()).to.deep.equal([]);
    });
  });
});
