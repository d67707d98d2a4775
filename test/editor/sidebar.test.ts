/**
 * The editor's Device Cloud sidebar, in Chromium, from the packed package installed into a Node-RED user
 * directory as a user installs it, under adminAuth: pushes of a flow appear in the open sidebar, a restart keeps
 * them, delete and push again from the sidebar reach the simulator, a reader without the write permission sees
 * the pages and no buttons (and the server refuses its delete), and a corrupt record file is survived.
 *
 * The steps build on each other (one Node-RED, one record), in order.
 * DEVICE_CLOUD_SCREENSHOTS=1 also writes docs/sidebar.png for the README; DEVICE_CLOUD_SIDEBAR_SHOTS=<folder> keeps
 * the light and the dark picture there (otherwise in a temporary folder), to look at.
 */
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { PageRenderer } from '../../dist/lib/render';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import { stripedPicture, WHITE } from '../fixtures/images';
import { installPacked, packPackage, type PackedPackage } from '../support/installed-package';
import { NodeRedServer } from '../support/node-red-server';
import { ACCOUNT, HALLWAY, KITCHEN, pageRecordFlows, WORDS } from '../support/page-record-flows';
import { compact, readText } from '../render/support';
import { eventually, until } from '../support/until';
import {
  DARK_THEME_SETTINGS,
  editorPage,
  screenshotPath,
  SETTLED_PLUGIN,
  sharedBrowser,
  untilInPage,
  WRITE_SCREENSHOTS,
  type EditorPage,
} from './editor-page';

const PASSWORD = 'secret-pass';
/** PASSWORD as adminAuth wants it: its bcrypt hash (4 rounds, quick to check). */
const PASSWORD_HASH = '$2b$04$krMuB0Ns7/tN/bLcRa7JQOiSRMh2X.2OTECGMMMAERCAmUTfMcOt.';
/** A page another flow drew: Chinese and English at the sizes of a weather page, 1 bit a pixel. */
const DRAWN_PAGE = `<div style="display:flex;flex-direction:column;justify-content:center;align-items:center;width:100%;height:100%;gap:10px">
  <div style="font-size:28px;font-weight:bold">我的家</div>
  <div style="font-size:24px">High 16°</div>
</div>`;

/** The slot of a page in the sidebar. */
const slot = (deviceId: string, pageId: string): string =>
  `.device-cloud-sidebar-device[data-device="${deviceId}"] .device-cloud-sidebar-slot[data-page="${pageId}"]`;

/** "High 16°" as OCR reads it, spaces taken out: the degree sign read as °, º or *. */
const HIGH_16_DEGREES = /High16[°º*]/;
describe('the Device Cloud sidebar, from the packed package, in Chromium @slow', function () {
  this.timeout(300_000);
  let packed: PackedPackage;
  let userDir: string;
  let sim: Simulator;
  let browser: Browser;
  let picture: Buffer;
  let drawn: Buffer;
  let server: NodeRedServer | undefined;
  let editor: EditorPage | undefined;
  /** Where the screenshots go when the README's are not asked for: a look at them is part of the work. */
  const shots =
    process.env.DEVICE_CLOUD_SIDEBAR_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-sidebar-shots-'));

  before(async () => {
    packed = await packPackage('device-cloud-sidebar-');
    userDir = await installPacked(packed);
    sim = await startSimulator();
    picture = await stripedPicture(400, 300, [
      [0.5, [0, 0, 0]],
      [0.5, WHITE],
    ]);
    const renderer = new PageRenderer();
    try {
      drawn = await renderer.render({ template: DRAWN_PAGE, width: 400, height: 300, colors: 'bw', dither: 'none' });
    } finally {
      await renderer.close();
    }
    browser = await sharedBrowser();
  });

  after(async () => {
    await editor?.page.close();
    await server?.stop();
    await sim?.close();
    packed?.remove();
  });

  function running(): NodeRedServer {
    if (!server) throw new Error('Node-RED is not running');
    return server;
  }

  async function start(theme: 'light' | 'dark'): Promise<void> {
    const password = PASSWORD_HASH;
    server = await NodeRedServer.start({
      userDir,
      flows: pageRecordFlows(sim.url, picture, {}, drawn),
      credentials: { [ACCOUNT]: { apiKey: sim.apiKey } },
      modules: [SETTLED_PLUGIN],
      settings: {
        adminAuth: {
          type: 'credentials',
          users: [
            { username: 'admin', password, permissions: '*' },
            { username: 'viewer', password, permissions: 'read' },
          ],
        },
        ...(theme === 'dark' ? DARK_THEME_SETTINGS : {}),
      },
    });
  }

  /** An editor signed in as `username` (its token where the editor keeps it), the sidebar's tab shown. */
  async function openEditor(
    username: 'admin' | 'viewer',
    locale = 'en-US',
    deviceScaleFactor = 1,
  ): Promise<EditorPage> {
    await editor?.page.close();
    const { status, body } = await running().request('POST', 'auth/token', {
      body: { client_id: 'node-red-editor', grant_type: 'password', scope: '', username, password: PASSWORD },
    });
    expect(status, `sign-in of ${username}`).to.equal(200);
    const opened = await editorPage(browser, { locale, deviceScaleFactor });
    await opened.page.addInitScript((tokens) => localStorage.setItem('auth-tokens', tokens), JSON.stringify(body));
    await opened.open(running().url);
    await opened.page.evaluate(() => RED.sidebar.show('device-cloud'));
    await untilInPage(opened.page, 'the devices of the account in the sidebar', () =>
      ['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:02'].every(
        (id) =>
          document.querySelectorAll(`.device-cloud-sidebar-device[data-device="${id}"] .device-cloud-sidebar-slot`)
            .length === 5,
      ),
    );
    editor = opened;
    return opened;
  }

  /** Presses an inject node as its button does (with the signed-in user's token), and waits until settled. */
  async function press(page: EditorPage, inject: string): Promise<void> {
    await page.page.evaluate(
      (id) =>
        new Promise<void>((resolve, reject) => {
          $.ajax({ url: `inject/${id}`, type: 'POST' }).then(
            () => resolve(),
            (xhr: { status: number }) => reject(new Error(`inject/${id}: ${xhr.status}`)),
          );
        }),
      inject,
    );
    await page.settled(`the messages of the inject ${inject} to settle`);
  }

  async function textIn(page: EditorPage, deviceId: string, pageId: string): Promise<string> {
    return page.page.locator(`${slot(deviceId, pageId)} .device-cloud-sidebar-screen`).innerText();
  }

  async function photograph(page: EditorPage, name: string): Promise<void> {
    const file = WRITE_SCREENSHOTS && name === 'sidebar.png' ? screenshotPath(name) : path.join(shots, name);
    await page.page.locator('#red-ui-sidebar').screenshot({ path: file });
  }

  it('shows the pushes of a flow in the open sidebar as they happen: text, picture, when, which node', async () => {
    await start('light');
    const page = await openEditor('admin');
    const { page: browserPage } = page;
    expect(await browserPage.locator(`${slot(KITCHEN, '1')}.device-cloud-sidebar-slot-empty`).count()).to.equal(1);
    await press(page, 'text-go');
    await press(page, 'image-go');
    await press(page, 'notice-go');
    await press(page, 'both-go');
    await press(page, 'drawn-go');
    await untilInPage(
      browserPage,
      'the text of page 1',
      (selector) => document.querySelector(selector)?.textContent?.includes('Hello kitchen'),
      slot(KITCHEN, '1'),
    );
    await untilInPage(
      browserPage,
      'the picture of page 2 loaded',
      (selector) => (document.querySelector<HTMLImageElement>(selector)?.naturalWidth ?? 0) > 0,
      `${slot(KITCHEN, '2')} img`,
    );
    await untilInPage(
      browserPage,
      'page 4 of the hallway',
      (selector) => document.querySelector(selector)?.getAttribute('data-kind') === 'text',
      slot(HALLWAY, '4'),
    );

    expect(await textIn(page, KITCHEN, '1')).to.include('Hello kitchen');
    expect(await textIn(page, KITCHEN, '3'))
      .to.include('Bins')
      .and.include('Tomorrow: paper');
    // The picture shown is the picture sent, drawn at the size it is shown: black on the left, white on the right.
    const shown = await browserPage.evaluate(
      (selector) => {
        const image = document.querySelector(selector) as HTMLImageElement;
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d') as CanvasRenderingContext2D;
        context.drawImage(image, 0, 0);
        const middle = Math.floor(image.naturalHeight / 2);
        return {
          size: [image.naturalWidth, image.naturalHeight],
          screen: [image.parentElement?.clientWidth ?? 0, image.parentElement?.clientHeight ?? 0],
          left: [...context.getImageData(Math.floor(image.naturalWidth / 8), middle, 1, 1).data],
          right: [...context.getImageData(Math.floor((image.naturalWidth * 7) / 8), middle, 1, 1).data],
        };
      },
      `${slot(KITCHEN, '2')} img`,
    );
    expectDrawnForItsScreen({ picture: shown.size, screen: shown.screen });
    expect([shown.left, shown.right]).to.deep.equal([
      [0, 0, 0, 255],
      [255, 255, 255, 255],
    ]);

    const meta = browserPage.locator(`${slot(KITCHEN, '1')} .device-cloud-sidebar-meta`);
    expect(await meta.locator('.device-cloud-sidebar-node').innerText()).to.equal('Kitchen greeting');
    expect(await meta.locator('.device-cloud-sidebar-badge').innerText()).to.equal('persistent');
    const when = meta.locator('.device-cloud-sidebar-when');
    expect(await when.innerText()).to.match(/^now$|ago$/);
    const exact = new Date(String(await when.getAttribute('data-pushed-at')));
    expect(await when.getAttribute('title')).to.equal(
      await browserPage.evaluate((iso) => new Date(iso).toLocaleString('en-US'), exact.toISOString()),
    );

    // A click on the node reveals it in the workspace.
    await browserPage.evaluate(() => {
      const view = RED.view as unknown as { reveal(id: string): void };
      const reveal = view.reveal.bind(view);
      const revealed: string[] = [];
      (window as unknown as { revealed: string[] }).revealed = revealed;
      view.reveal = (id: string) => {
        revealed.push(id);
        reveal(id);
      };
    });
    await meta.locator('.device-cloud-sidebar-node').click();
    expect(await browserPage.evaluate(() => (window as unknown as { revealed: string[] }).revealed)).to.deep.equal([
      'text',
    ]);

    // The filter: a device's name or what its pages show.
    await browserPage.locator('.device-cloud-sidebar-filter').fill('hallway');
    await untilInPage(
      browserPage,
      'only the hallway shown',
      () => document.querySelectorAll('.device-cloud-sidebar-device').length === 1,
    );
    await browserPage.locator('.device-cloud-sidebar-filter').fill('');
    await untilInPage(
      browserPage,
      'both devices shown',
      () => document.querySelectorAll('.device-cloud-sidebar-device').length === 2,
    );
    // A device folds away, and opens again.
    await browserPage
      .locator(`.device-cloud-sidebar-device[data-device="${HALLWAY}"] .device-cloud-sidebar-device-header`)
      .click();
    expect(
      await browserPage
        .locator(`.device-cloud-sidebar-device[data-device="${HALLWAY}"] .device-cloud-sidebar-slot`)
        .count(),
    ).to.equal(0);
    await photograph(page, 'sidebar.png');
    await browserPage
      .locator(`.device-cloud-sidebar-device[data-device="${HALLWAY}"] .device-cloud-sidebar-device-header`)
      .click();
    expect(page.consoleErrors).to.deep.equal([]);
  });

  /** The natural size of a slot's picture, and the size of its screen in device pixels. */
  async function pictureSize(page: EditorPage, deviceId: string, pageId: string) {
    const selector = `${slot(deviceId, pageId)} img`;
    await untilInPage(
      page.page,
      `the picture of page ${pageId} loaded`,
      (found) => (document.querySelector<HTMLImageElement>(found)?.naturalWidth ?? 0) > 0,
      selector,
    );
    return page.page.evaluate((found) => {
      const image = document.querySelector(found) as HTMLImageElement;
      const screen = image.parentElement as HTMLElement;
      return {
        picture: [image.naturalWidth, image.naturalHeight],
        screen: [screen.clientWidth, screen.clientHeight].map((side) => Math.round(side * devicePixelRatio)),
      };
    }, selector);
  }

  /** The picture within its screen, as large as fits: as many pixels as the screen has device pixels. */
  function expectDrawnForItsScreen({ picture, screen }: { picture: number[]; screen: number[] }): void {
    const fits = picture[0] <= screen[0] && picture[1] <= screen[1];
    const fills = picture[0] === screen[0] || picture[1] === screen[1];
    expect({ fits, fills }, `a picture of ${picture.join(' x ')} on a screen of ${screen.join(' x ')}`).to.deep.equal({
      fits: true,
      fills: true,
    });
  }

  /**
   * A screenshot of a slot's screen as the sidebar shows it, its picture loaded; taken again when the sidebar
   * draws itself anew meanwhile (a list of devices or pages come in).
   */
  function screenshotOf(page: EditorPage, deviceId: string, pageId: string): Promise<Buffer> {
    const screen = `${slot(deviceId, pageId)} .device-cloud-sidebar-screen`;
    return eventually(
      async () => {
        const loaded = await page.page.evaluate((selector) => {
          const element = document.querySelector(selector);
          const images = Array.from(document.querySelectorAll<HTMLImageElement>(`${selector} img`));
          // In the middle of the sidebar's scrolled list, where the filter bar above it cannot cover it.
          element?.scrollIntoView({ block: 'center' });
          return element !== null && images.every((image) => image.complete && image.naturalWidth > 0);
        }, screen);
        return loaded && (await page.page.locator(screen).screenshot({ timeout: 2_000 }));
      },
      { what: `a screenshot of page ${pageId} of ${deviceId}, its picture loaded` },
    );
  }

  /** What tesseract reads on the screens of these slots, as the sidebar shows them (enlarged to read, as told). */
  async function wordsOnScreens(page: EditorPage, slots: [string, string][], enlarge = 3): Promise<string[]> {
    const shots: Buffer[] = [];
    for (const [deviceId, pageId] of slots) shots.push(await screenshotOf(page, deviceId, pageId));
    const texts = await readText(
      shots,
      shots.map(() => enlarge),
      'chi_sim+eng',
      6,
    );
    return texts.map(compact);
  }

  it('draws a picture for the size it is shown at: the words of a drawn page and of a text page read back; the device id whole', async () => {
    const page = editor as EditorPage;
    await press(page, 'words-go');
    await untilInPage(
      page.page,
      'the words on page 1 of the hallway',
      ([selector, words]) => document.querySelector(selector)?.textContent?.includes(words),
      [slot(HALLWAY, '1'), WORDS] as const,
    );
    const size = await pictureSize(page, KITCHEN, '5');
    expectDrawnForItsScreen(size);
    const [drawnWords, textWords] = await wordsOnScreens(page, [
      [KITCHEN, '5'],
      [HALLWAY, '1'],
    ]);
    // The degree sign, a few pixels at thumbnail size, tesseract reads as ° or as * by how the sidebar's width
    // falls (each Node-RED version lays it out a little differently); the words and the number must be whole.
    expect(drawnWords, 'the drawn page').to.include('我的家').and.match(HIGH_16_DEGREES);
    expect(textWords, 'the text page').to.include('我的家').and.match(HIGH_16_DEGREES);

    for (const [deviceId, alias, board] of [
      [KITCHEN, 'Kitchen', 'esp32-c3'],
      [HALLWAY, 'Hallway', 'esp32-s3'],
    ]) {
      const header = page.page.locator(
        `.device-cloud-sidebar-device[data-device="${deviceId}"] .device-cloud-sidebar-device-header`,
      );
      expect(await header.getAttribute('title')).to.equal(`${alias} · ${deviceId} · ${board}`);
      const id = header.locator('.device-cloud-sidebar-device-id');
      expect(await id.innerText()).to.equal(`${deviceId} · ${board}`);
      const cut = await id.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut, `the id of ${alias} cut`).to.equal(false);
    }
    await photograph(page, 'sidebar-thumbnails.png');

    // A wider sidebar: once the resize is over, the picture comes again at the new size.
    await page.page.evaluate(() => {
      (document.getElementById('red-ui-sidebar') as HTMLElement).style.width = '520px';
    });
    await untilInPage(
      page.page,
      'the picture drawn again for a wider screen',
      ([selector, narrow]) => (document.querySelector<HTMLImageElement>(selector)?.naturalWidth ?? 0) > narrow,
      [`${slot(KITCHEN, '5')} img`, size.picture[0]] as const,
    );
    expectDrawnForItsScreen(await pictureSize(page, KITCHEN, '5'));
    expect(page.consoleErrors).to.deep.equal([]);

    // On a screen of two device pixels to the CSS pixel, the picture comes at twice the size, as sharp.
    const dense = await openEditor('admin', 'en-US', 2);
    const denseSize = await pictureSize(dense, KITCHEN, '5');
    expectDrawnForItsScreen(denseSize);
    expect(denseSize.screen, 'twice as many pixels').to.deep.equal(size.screen.map((side) => side * 2));
    const [denseWords] = await wordsOnScreens(dense, [[KITCHEN, '5']], 1);
    expect(denseWords).to.include('我的家').and.match(HIGH_16_DEGREES);
    expect(dense.consoleErrors).to.deep.equal([]);
  });

  it('keeps the pages across a restart of Node-RED (shown in a dark theme)', async () => {
    await running().stop();
    await start('dark');
    const page = await openEditor('admin');
    expect(await textIn(page, KITCHEN, '1')).to.include('Hello kitchen');
    await untilInPage(
      page.page,
      'the picture of page 2 after the restart',
      (selector) => (document.querySelector<HTMLImageElement>(selector)?.naturalWidth ?? 0) > 0,
      `${slot(KITCHEN, '2')} img`,
    );
    const background = await page.page
      .locator('.device-cloud-sidebar')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).to.equal('rgb(38, 38, 38)');
    await photograph(page, 'sidebar-dark.png');
    expect(page.consoleErrors).to.deep.equal([]);
  });

  it('deletes a page, pushes a picture again and deletes every page of a device, each confirmed', async () => {
    const page = editor as EditorPage;
    const { page: browserPage } = page;
    const firstPush = sim.requests
      .find((request) => request.path.endsWith('/display/image'))
      ?.parts?.find((part) => part.name === 'images')?.data;
    sim.clearRequests();

    await browserPage.locator(`${slot(KITCHEN, '3')} [data-action="delete"]`).click();
    const dialog = browserPage.locator('.red-ui-notification', { hasText: 'Delete page 3 of Kitchen' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(sim.requests).to.deep.equal([]);
    await browserPage.locator(`${slot(KITCHEN, '3')} [data-action="delete"]`).click();
    await browserPage
      .locator('.red-ui-notification', { hasText: 'Delete page 3 of Kitchen' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await until(() => sim.requests.length === 1, { what: 'the delete at the service' });
    expect(sim.requests[0]).to.deep.include({ method: 'DELETE', path: `/open/v1/devices/${KITCHEN}/display/pages/3` });
    expect(sim.state.pages.get(KITCHEN)?.[2]).to.equal(null);
    await untilInPage(
      browserPage,
      'page 3 empty in the sidebar',
      (selector) => document.querySelector(selector)?.classList.contains('device-cloud-sidebar-slot-empty') === true,
      slot(KITCHEN, '3'),
    );

    await browserPage.locator(`${slot(KITCHEN, '2')} [data-action="push-again"]`).click();
    await browserPage
      .locator('.red-ui-notification', { hasText: 'Push page 2 of Kitchen again' })
      .getByRole('button', { name: 'Push again' })
      .click();
    await until(() => sim.requests.length === 2, { what: 'the push again at the service' });
    const again = sim.requests[1].parts?.find((part) => part.name === 'images')?.data;
    expect(again?.equals(firstPush ?? Buffer.alloc(0))).to.equal(true);
    const simPicture = sim.state.pages.get(KITCHEN)?.[1];
    expect(simPicture?.kind === 'image' && simPicture.images[0].data.equals(firstPush ?? Buffer.alloc(0))).to.equal(
      true,
    );

    await browserPage
      .locator(`.device-cloud-sidebar-device[data-device="${HALLWAY}"] [data-action="delete-all"]`)
      .click();
    await browserPage
      .locator('.red-ui-notification', { hasText: 'Delete every page of Hallway' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await until(() => sim.requests.length === 3, { what: 'the delete of all pages at the service' });
    expect(sim.requests[2]).to.deep.include({ method: 'DELETE', path: `/open/v1/devices/${HALLWAY}/display/pages` });
    await untilInPage(
      browserPage,
      'the hallway without pages',
      (id) =>
        document.querySelectorAll(`.device-cloud-sidebar-device[data-device="${id}"] .device-cloud-sidebar-slot-empty`)
          .length === 5,
      HALLWAY,
    );
    expect(page.consoleErrors).to.deep.equal([]);
  });

  it('shows a reader without the write permission the pages and no buttons; the server refuses its delete', async () => {
    // In Chinese, as the editor is when the browser asks for it.
    const page = await openEditor('viewer', 'zh-CN');
    expect(await textIn(page, KITCHEN, '1')).to.include('Hello kitchen');
    expect(await page.page.locator('.device-cloud-sidebar-note').innerText()).to.equal(
      '仅显示从此 Node-RED 推送的内容：其他客户端或其他 Node-RED 推送的内容无从得知。',
    );
    expect(await page.page.locator(`${slot(KITCHEN, '1')} .device-cloud-sidebar-badge`).innerText()).to.equal('持久');
    expect(await page.page.locator('.device-cloud-sidebar [data-action]').count()).to.equal(0);
    sim.clearRequests();
    const refused = await page.page.evaluate(
      (url) =>
        new Promise<number>((resolve) => {
          $.ajax({ url, type: 'DELETE' }).fail((xhr: { status: number }) => resolve(xhr.status));
        }),
      `device-cloud/pages/${ACCOUNT}/${encodeURIComponent(KITCHEN)}/1`,
    );
    // Node-RED refuses a request without the permission it needs with 401.
    expect(refused).to.equal(401);
    expect(sim.requests).to.deep.equal([]);
    expect(sim.state.pages.get(KITCHEN)?.[0]).to.not.equal(null);
  });

  it('survives a corrupt record file: a warning, an empty record, and the next push shown', async () => {
    await editor?.page.close();
    editor = undefined;
    await running().stop();
    fs.writeFileSync(path.join(userDir, 'device-cloud-pages', 'pages.json'), '\u0000\u0000{"version":1,"pag');
    await start('light');
    expect(running().output).to.match(/\[device-cloud\] the page record: .*pages\.json is not JSON/);
    const page = await openEditor('admin');
    expect(
      await page.page
        .locator(`.device-cloud-sidebar-device[data-device="${KITCHEN}"] .device-cloud-sidebar-slot-empty`)
        .count(),
    ).to.equal(5);
    await press(page, 'text-go');
    await untilInPage(
      page.page,
      'the new push in the sidebar',
      (selector) => document.querySelector(selector)?.textContent?.includes('Hello kitchen'),
      slot(KITCHEN, '1'),
    );
    expect(page.consoleErrors).to.deep.equal([]);
  });

  it('stays readable with 20 devices: each folds away, and the filter finds one by its name', async () => {
    const added = Array.from({ length: 18 }, (_, i) => ({
      deviceId: `AA:BB:CC:DD:10:${String(i + 10).padStart(2, '0')}`,
      alias: `Room ${i + 3}`,
      board: 'NOTE4',
    }));
    sim.state.devices.push(...added);
    try {
      const page = await openEditor('admin');
      const devices = page.page.locator('.device-cloud-sidebar-device');
      await untilInPage(
        page.page,
        'the 20 devices in the sidebar',
        () => document.querySelectorAll('.device-cloud-sidebar-device').length === 20,
      );
      expect(await page.page.locator('.device-cloud-sidebar-slot').count(), 'five pages each').to.equal(100);

      await page.page.locator('.device-cloud-sidebar-filter').fill('Room 17');
      await untilInPage(
        page.page,
        'only Room 17 shown',
        () => document.querySelectorAll('.device-cloud-sidebar-device').length === 1,
      );
      expect(await devices.first().innerText()).to.include('Room 17');
      await page.page.locator('.device-cloud-sidebar-filter').fill('');
      await untilInPage(
        page.page,
        'all 20 shown again',
        () => document.querySelectorAll('.device-cloud-sidebar-device').length === 20,
      );

      // Every device but the kitchen folded: its pages alone are shown.
      for (const { deviceId } of added) {
        await page.page
          .locator(`.device-cloud-sidebar-device[data-device="${deviceId}"] .device-cloud-sidebar-device-header`)
          .click();
      }
      await page.page
        .locator(`.device-cloud-sidebar-device[data-device="${HALLWAY}"] .device-cloud-sidebar-device-header`)
        .click();
      expect(await page.page.locator('.device-cloud-sidebar-slot').count(), "the kitchen's five pages").to.equal(5);
      expect(await page.page.locator(`${slot(KITCHEN, '1')}`).count()).to.equal(1);
      expect(page.consoleErrors).to.deep.equal([]);
    } finally {
      sim.state.devices.splice(-added.length, added.length);
    }
  });
});
