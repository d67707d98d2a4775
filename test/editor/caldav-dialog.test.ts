/**
 * The CalDAV node's dialog in Chromium, against Debian's Radicale asking for a password (Basic): a new CalDAV node,
 * made from the to-do sync's dialog as a user makes one and never deployed, lists the task lists of the server
 * whose root address and credentials are typed, and the one picked sets the address to its collection; a wrong
 * password is said in the dialog, naming the server. The password is in no answer the page gets from Node-RED
 * (HTTP or its comms) and nowhere in the page but the field it was typed into. In the editor's light theme and in
 * a dark one. And the simulator's own CalDAV server, from its bare address and no user: its task list offered, its
 * calendar of events not.
 *
 * The steps share one editor page and run in order, as a user would do them. DEVICE_CLOUD_CALDAV_SHOTS=<folder>
 * keeps the pictures of the dialog there (otherwise in a temporary folder), to look at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import { NodeRedServer } from '../support/node-red-server';
import type { FlowNode } from '../support/node-red';
import { Radicale } from '../support/radicale';
import {
  DARK_THEME_SETTINGS,
  editorPage,
  SETTLED_PLUGIN,
  sharedBrowser,
  trayReady,
  type EditorPage,
} from './editor-page';

const PASSWORD = 'Kälte-7f3a$Passwort';
const WRONG = 'wrong-9c1e5d';
const TAB = 'caldav-tab';
const ACCOUNT = 'caldav-account';
const SYNC = 'caldav-sync';
const PREFIX = '#node-config-input';

describe('the CalDAV dialog in Chromium: the task lists of a server, from what is typed @slow', function () {
  this.timeout(120_000);
  let radicale: Radicale;
  let sim: Simulator;
  let browser: Browser;
  let server: NodeRedServer | undefined;
  let editor: EditorPage | undefined;
  /** The task lists of the user: their collections' addresses, by name. */
  const lists: Record<string, string> = {};
  /** Every answer the page got from Node-RED, as text: HTTP bodies (each once read) and comms messages. */
  const answers: Promise<string>[] = [];
  const shots =
    process.env.DEVICE_CLOUD_CALDAV_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-caldav-shots-'));

  before(async () => {
    radicale = await Radicale.start({ password: PASSWORD });
    for (const [name, display] of [
      ['groceries', 'Groceries'],
      ['work', 'Work 🛠'],
    ]) {
      lists[display] = `${radicale.url}${await radicale.taskList(name, display)}`;
    }
    await radicale.calendar('birthdays', ['VEVENT'], 'Birthdays');
    sim = await startSimulator();
    browser = await sharedBrowser();
  });

  after(async () => {
    await editor?.page.close();
    await server?.stop();
    await sim?.close();
    await radicale?.stop();
  });

  function flows(): FlowNode[] {
    return [
      { id: TAB, type: 'tab', label: 'CalDAV' },
      { id: ACCOUNT, type: 'device-cloud-account', name: 'Simulator', baseUrl: sim.url, authHeader: 'x-api-key' },
      {
        id: SYNC,
        z: TAB,
        type: 'device-cloud-todo-sync',
        account: ACCOUNT,
        source: 'tasks',
        deviceId: 'AA:BB:CC:DD:EE:01',
        deviceIdType: 'device',
        removed: 'delete',
        x: 200,
        y: 80,
        wires: [[], []],
      },
    ];
  }

  /** Node-RED with the flow, in the editor's own theme or a dark one; an editor page open on it, every answer recorded. */
  async function open(theme: 'light' | 'dark'): Promise<Page> {
    await editor?.page.close();
    await server?.stop();
    server = await NodeRedServer.start({
      flows: flows(),
      credentials: { [ACCOUNT]: { apiKey: sim.apiKey } },
      modules: [SETTLED_PLUGIN],
      settings: theme === 'dark' ? DARK_THEME_SETTINGS : {},
    });
    editor = await editorPage(browser);
    const { page } = editor;
    page.on('response', (response) => {
      // A redirect has no body to read.
      answers.push(
        response.text().then(
          (body) => `${response.url()}: ${body}`,
          () => `${response.url()}: `,
        ),
      );
    });
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => answers.push(Promise.resolve(String(frame.payload)))),
    );
    await editor.open(server.url);
    await page.evaluate((tab) => RED.workspaces.show(tab), TAB);
    return page;
  }

  /** From the to-do sync's dialog, a new CalDAV node: its dialog open, ready for typing. */
  async function newCalDavDialog(page: Page): Promise<void> {
    await page.evaluate((id) => {
      const node = RED.nodes.node(id);
      if (node) RED.editor.edit(node);
    }, SYNC);
    await trayReady(page, "the to-do sync's dialog");
    // Node-RED 4 has a button of its own to add a config node; earlier ones a pencil that edits "Add new…".
    const add = page.locator('#node-input-btn-caldav-add');
    if ((await add.count()) === 1) {
      await add.click();
    } else {
      await page.locator('select#node-input-caldav').selectOption('_ADD_');
      await page.locator('#node-input-lookup-caldav').click();
    }
    await page.locator('#node-config-dialog-ok').waitFor({ state: 'visible' });
    await trayReady(page, "the new CalDAV node's dialog");
  }

  /** Types the server's root address and the credentials into the dialog, as a person does. */
  async function typeServer(page: Page, password: string): Promise<void> {
    await page.locator(`${PREFIX}-url`).fill(`${radicale.url}/`);
    await page.locator(`${PREFIX}-username`).fill(radicale.user);
    await page.locator(`${PREFIX}-password`).fill(password);
  }

  /** What the note under the task lists says, once it says `what`. */
  async function noteSaying(page: Page, what: RegExp): Promise<string> {
    const note = page.locator(`${PREFIX}-taskLists-note`);
    await note.filter({ hasText: what }).waitFor({ state: 'visible' });
    return (await note.innerText()).trim();
  }

  /** The choices of the task list select, as shown. */
  function choices(page: Page): Promise<{ value: string; text: string }[]> {
    return page
      .locator(`select${PREFIX}-taskLists`)
      .evaluate((select: HTMLSelectElement) =>
        Array.from(select.options, (option) => ({ value: option.value, text: option.text })),
      );
  }

  /** The password appears in no answer of Node-RED, and in the page only as the value of its own field. */
  async function expectPasswordKept(page: Page, password: string): Promise<void> {
    await editor?.settled('the answers to reach the page');
    const read = await Promise.all(answers);
    expect(
      read.filter((answer) => answer.includes('/device-cloud/caldav/task-lists: ')),
      'answers of the task lists',
    ).to.not.have.lengthOf(0);
    expect(
      read.filter((answer) => answer.includes(password)).map((answer) => answer.slice(0, 120)),
      'answers holding the password',
    ).to.deep.equal([]);
    const inPage = await page.evaluate((secret) => {
      const found: string[] = [];
      if (document.documentElement.outerHTML.includes(secret)) found.push('the HTML');
      for (const field of Array.from(document.querySelectorAll<HTMLInputElement>('input, textarea, select'))) {
        if (field.id !== 'node-config-input-password' && field.value.includes(secret)) found.push(`#${field.id}`);
      }
      return found;
    }, password);
    expect(inPage, 'places in the page holding the password').to.deep.equal([]);
  }

  async function photograph(page: Page, name: string): Promise<void> {
    await page.mouse.move(0, 0);
    await page
      .locator('.red-ui-tray')
      .last()
      .screenshot({ path: path.join(shots, name) });
  }

  it('says a wrong password in the dialog, naming the server, and lists nothing', async () => {
    const page = await open('light');
    await newCalDavDialog(page);
    expect(await noteSaying(page, /Type the server's address/)).to.match(/user name and password/);
    await typeServer(page, WRONG);

    const said = await noteSaying(page, /refused/);
    expect(said).to.equal(
      `Could not list the task lists: the CalDAV server ${radicale.url} refused the user name or password (HTTP 401): check them in the CalDAV node`,
    );
    expect(await page.locator(`${PREFIX}-taskLists-note i.fa-exclamation-triangle`).count()).to.equal(1);
    const noteColour = await page.locator(`${PREFIX}-taskLists-note`).evaluate((note) => getComputedStyle(note).color);
    expect(noteColour, "the theme's error colour").to.equal('rgb(173, 22, 37)');
    expect((await choices(page)).filter((choice) => choice.value !== '')).to.deep.equal([]);
    await photograph(page, 'caldav-dialog-wrong-password.png');
    await expectPasswordKept(page, WRONG);
    // The browser logs each answer of a server's refusal (HTTP 502) as a failed load: expected here.
    const { consoleErrors } = editor as EditorPage;
    const refusals = consoleErrors.filter((line) => /status of 502 .*device-cloud\/caldav\/task-lists/.test(line));
    expect(refusals.length, 'the refusal, as the browser logged it').to.be.at.least(1);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !refusals.includes(line)));
  });

  it('lists the task lists of the server once the password is right, not deployed; the one picked sets the address', async () => {
    const page = (editor as EditorPage).page;
    await page.locator(`${PREFIX}-password`).fill(PASSWORD);
    expect(await noteSaying(page, /Task lists on this server/)).to.equal(
      'Task lists on this server: 2. Choose one to set the address.',
    );
    expect(await choices(page)).to.have.deep.members([
      { value: '', text: 'choose a task list to set the address' },
      { value: lists.Groceries, text: `Groceries (${lists.Groceries})` },
      { value: lists['Work 🛠'], text: `Work 🛠 (${lists['Work 🛠']})` },
    ]);
    await photograph(page, 'caldav-dialog-lists.png');
    const right = async (selector: string) => {
      const box = await page.locator(selector).boundingBox();
      return box ? Math.round(box.x + box.width) : NaN;
    };
    expect(await right(`${PREFIX}-taskLists-refresh`), 'the lists as wide as the address').to.be.closeTo(
      await right(`${PREFIX}-url`),
      1,
    );

    await page.locator(`select${PREFIX}-taskLists`).selectOption(lists['Work 🛠']);
    expect(await page.locator(`${PREFIX}-url`).inputValue()).to.equal(lists['Work 🛠']);
    await expectPasswordKept(page, PASSWORD);

    await page.locator('#node-config-dialog-ok').click();
    await page.locator('#node-config-dialog-ok').waitFor({ state: 'detached' });
    const chosen = await page.locator('select#node-input-caldav').inputValue();
    await page.locator('#node-dialog-ok').click();
    await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
    const made = await page.evaluate(
      ({ id, sync }) => ({
        url: RED.nodes.node(id)?.url,
        caldav: RED.nodes.node(sync)?.caldav,
        dirty: RED.nodes.dirty(),
      }),
      { id: chosen, sync: SYNC },
    );
    expect(made).to.deep.equal({ url: lists['Work 🛠'], caldav: chosen, dirty: true });
    expect((await (server as NodeRedServer).flows()).map((node) => node.type)).to.not.include('device-cloud-caldav');
    await expectPasswordKept(page, PASSWORD);
    expect((editor as EditorPage).consoleErrors).to.deep.equal([]);
  });

  it("lists the simulator's task list from its address with no user, not its calendar of events; picked, it is the address", async () => {
    const page = await open('light');
    await newCalDavDialog(page);
    await page.locator(`${PREFIX}-url`).fill(sim.url);
    await page.locator(`${PREFIX}-url`).press('Tab');
    expect(await noteSaying(page, /Task lists on this server/)).to.equal(
      'Task lists on this server: 1. Choose one to set the address.',
    );
    const tasks = `${sim.url}/caldav/user/calendars/tasks/`;
    expect(await choices(page)).to.deep.equal([
      { value: '', text: 'choose a task list to set the address' },
      { value: tasks, text: `Tasks (${tasks})` },
    ]);
    await photograph(page, 'caldav-dialog-simulator.png');
    await page.locator(`select${PREFIX}-taskLists`).selectOption(tasks);
    expect(await page.locator(`${PREFIX}-url`).inputValue()).to.equal(tasks);
    expect((editor as EditorPage).consoleErrors).to.deep.equal([]);
  });

  it('reads in a dark theme: the note, the lists and an error in the theme’s colours; lists of before go with an error', async () => {
    const page = await open('dark');
    await newCalDavDialog(page);
    await typeServer(page, PASSWORD);
    await noteSaying(page, /Task lists on this server/);
    const colours = () =>
      page.evaluate((prefix) => {
        const colour = (selector: string, property: 'color' | 'backgroundColor') =>
          getComputedStyle(document.querySelector(selector) as Element)[property];
        return {
          note: colour(`${prefix}-taskLists-note`, 'color'),
          select: colour(`${prefix}-taskLists`, 'backgroundColor'),
          selectText: colour(`${prefix}-taskLists`, 'color'),
          refresh: colour(`${prefix}-taskLists-refresh`, 'backgroundColor'),
        };
      }, PREFIX);
    const listing = await colours();
    await photograph(page, 'caldav-dialog-dark.png');
    expect(listing).to.deep.equal({
      note: 'rgb(170, 170, 170)',
      select: 'rgb(26, 26, 26)',
      selectText: 'rgb(221, 221, 221)',
      refresh: 'rgb(46, 46, 46)',
    });

    await page.locator(`${PREFIX}-password`).fill(WRONG);
    await noteSaying(page, /refused/);
    expect((await colours()).note, "the theme's error colour").to.equal('rgb(255, 122, 122)');
    expect(await choices(page), 'the lists of the password before').to.deep.equal([]);
    await photograph(page, 'caldav-dialog-dark-wrong-password.png');
    await expectPasswordKept(page, PASSWORD);
    await expectPasswordKept(page, WRONG);
    const { consoleErrors } = editor as EditorPage;
    expect(
      consoleErrors.filter((line) => !/status of 502 .*device-cloud\/caldav\/task-lists/.test(line)),
    ).to.deep.equal([]);
  });
});
