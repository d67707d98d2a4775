// Requests shaped the way public clients of the service send them, each checked
// against what those clients expect: the answer, and the state the simulator
// ends in.

import { expect } from 'chai';
import sharp from 'sharp';
import {
  DEFAULT_READINGS,
  type SimImagePage,
  type SimPage,
  type Simulator,
  type TodoListItem,
  startSimulator,
} from '../../dist/simulator/server';
import {
  type Answer,
  apiCaller,
  type FilePart,
  type FormField,
  HALLWAY,
  KITCHEN,
  multipart,
  rawRequest,
} from './support';

const ENCODED_KITCHEN = 'AA%3ABB%3ACC%3ADD%3AEE%3A01';

interface PushResult {
  totalPages: number;
  pushedPages: number;
  pageId: string;
}

/** A 24-bit BMP, 2 x 2, white: sharp writes no BMP. */
function whiteBmp(): Buffer {
  const rowBytes = 8;
  const file = Buffer.alloc(14 + 40 + rowBytes * 2, 0xff);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(0, 6);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(2, 18);
  file.writeInt32LE(2, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(0, 30);
  file.writeUInt32LE(rowBytes * 2, 34);
  file.fill(0, 38, 54);
  return file;
}

/** A 400 x 300 picture, white with a black block, in each format the simulator knows. */
async function screenPictures(): Promise<Record<'png' | 'jpeg' | 'gif' | 'webp' | 'bmp', Buffer>> {
  const base = () =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).composite([
      {
        input: { create: { width: 200, height: 100, channels: 3, background: '#000000' } },
        left: 100,
        top: 100,
      },
    ]);
  return {
    png: await base().png().toBuffer(),
    jpeg: await base().jpeg().toBuffer(),
    gif: await base().gif().toBuffer(),
    webp: await base().webp().toBuffer(),
    bmp: whiteBmp(),
  };
}

describe('simulator: requests shaped as public clients send them', function () {
  let sim: Simulator;
  let pictures: Awaited<ReturnType<typeof screenPictures>>;
  const call = apiCaller(() => sim);

  before(async function () {
    sim = await startSimulator();
    pictures = await screenPictures();
  });
  after(async function () {
    await sim.close();
  });
  beforeEach(function () {
    sim.reset();
    sim.setReadings(DEFAULT_READINGS);
  });

  function slotsOf(deviceId: string): (SimPage | null)[] {
    return sim.state.pages.get(deviceId) ?? [null, null, null, null, null];
  }

  function imagePageAt(deviceId: string, pageId: number): SimImagePage {
    const page = slotsOf(deviceId)[pageId - 1];
    if (page?.kind !== 'image') throw new Error(`page ${pageId} of ${deviceId} holds no images`);
    return page;
  }

  function statusOf(id: number): number | undefined {
    return sim.state.todos.get(id)?.status;
  }

  function postForm(devicePath: string, parts: (FormField | FilePart)[]): Promise<Answer<PushResult>> {
    const form = multipart(parts);
    return call<PushResult>('POST', `/devices/${devicePath}/display/image`, {
      body: form.body,
      contentType: form.contentType,
    });
  }

  describe('a percent-encoded MAC in the path', function () {
    it('pushes text and images to that device', async function () {
      const text = await call<PushResult>('POST', `/devices/${ENCODED_KITCHEN}/display/text`, {
        json: { text: 'encoded', pageId: '2' },
      });
      expect(text.status, text.text).to.equal(200);
      expect(text.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '2' });
      const image = await postForm(ENCODED_KITCHEN, [
        { name: 'images', filename: 'image', data: pictures.png },
        { name: 'pageId', value: '3' },
      ]);
      expect(image.status, image.text).to.equal(200);
      expect(slotsOf(KITCHEN)[1]).to.include({ kind: 'text', text: 'encoded' });
      expect(imagePageAt(KITCHEN, 3).images[0].data.equals(pictures.png)).to.equal(true);
      expect(sim.state.pages.has(ENCODED_KITCHEN)).to.equal(false);
      expect(sim.requests[0].path, 'recorded as sent').to.equal(`/open/v1/devices/${ENCODED_KITCHEN}/display/text`);
    });

    it('sets the sync interval and answers the device id decoded', async function () {
      const answer = await call('PUT', `/devices/${ENCODED_KITCHEN}/sync-interval`, { json: { syncInterval: 60 } });
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success', data: { deviceId: KITCHEN, syncInterval: 60 } });
      expect(sim.state.syncIntervals.get(KITCHEN)).to.equal(60);
    });

    it('deletes one page and all pages', async function () {
      for (const pageId of ['1', '2', '3']) {
        await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: `p${pageId}`, pageId } });
      }
      const one = await call('DELETE', `/devices/${ENCODED_KITCHEN}/display/pages/2`);
      expect(one.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(slotsOf(KITCHEN).map((page) => page !== null)).to.deep.equal([true, false, true, false, false]);
      const all = await call('DELETE', `/devices/${ENCODED_KITCHEN}/display/pages`);
      expect(all.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(slotsOf(KITCHEN)).to.deep.equal([null, null, null, null, null]);
    });
  });

  describe('a MAC in lower case', function () {
    it('names the same device in a path, a to-do and a list filter', async function () {
      const lower = KITCHEN.toLowerCase();
      const text = await call('POST', `/devices/${lower}/display/text`, { json: { text: 'lower', pageId: '1' } });
      expect(text.status, text.text).to.equal(200);
      expect(slotsOf(KITCHEN)[0]).to.include({ text: 'lower' });
      const created = await call<{ id: number; deviceId: string }>('POST', '/todos', {
        json: { title: 'lower', deviceId: lower },
      });
      expect(created.body.data.deviceId).to.equal(KITCHEN);
      const listed = await call<TodoListItem[]>('GET', `/todos?deviceId=${encodeURIComponent(lower)}`);
      expect(listed.body.data.map((item) => [item.id, item.deviceId, item.deviceName])).to.deep.equal([
        [created.body.data.id, KITCHEN, 'Kitchen'],
      ]);
    });
  });

  describe('image parts', function () {
    it('takes a part without Content-Type named "image", and no dither field, as a dithered PNG', async function () {
      const answer = await postForm(KITCHEN, [
        { name: 'images', filename: 'image', data: pictures.png },
        { name: 'pageId', value: '1' },
      ]);
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, data: { totalPages: 1, pushedPages: 1, pageId: '1' } });
      const parts = sim.requests[0].parts ?? [];
      expect(parts.map((part) => [part.name, part.filename, part.contentType])).to.deep.equal([
        ['images', 'image', undefined],
        ['pageId', undefined, undefined],
      ]);
      const page = imagePageAt(KITCHEN, 1);
      expect(page).to.include({ dither: true, persistent: true });
      expect(page.images.map((image) => image.contentType)).to.deep.equal(['image/png']);
      expect(page.images[0].data.equals(pictures.png)).to.equal(true);
    });

    it('takes application/octet-stream parts of every known format and tells each format from its bytes', async function () {
      const formats = ['png', 'jpeg', 'gif', 'bmp', 'webp'] as const;
      const answer = await postForm(HALLWAY, [
        ...formats.map((format) => ({
          name: 'images',
          filename: 'image',
          contentType: 'application/octet-stream',
          data: pictures[format],
        })),
        { name: 'dither', value: 'false' },
        { name: 'pageId', value: '3' },
      ]);
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.data).to.deep.equal({ totalPages: 5, pushedPages: 5, pageId: '3' });
      const page = imagePageAt(HALLWAY, 3);
      expect(page).to.include({ dither: false, persistent: true });
      expect(page.images.map((image) => image.contentType)).to.deep.equal(formats.map((format) => `image/${format}`));
      formats.forEach((format, index) =>
        expect(page.images[index].data.equals(pictures[format]), format).to.equal(true),
      );
    });

    it("takes Node's FormData with an untyped Blob named image (sent as octet-stream)", async function () {
      const form = new FormData();
      form.append('images', new Blob([new Uint8Array(pictures.jpeg)]), 'image');
      form.append('dither', 'true');
      form.append('pageId', '1');
      const answer = await call<PushResult>('POST', `/devices/${KITCHEN}/display/image`, { body: form });
      expect(answer.status, answer.text).to.equal(200);
      const [part] = sim.requests[0].parts ?? [];
      expect(part).to.include({ name: 'images', filename: 'image', contentType: 'application/octet-stream' });
      expect(imagePageAt(KITCHEN, 1).images[0]).to.include({ contentType: 'image/jpeg' });
    });

    it('refuses what is no image, however it is declared, and keeps the page as it was', async function () {
      await postForm(KITCHEN, [
        { name: 'images', filename: 'image', data: pictures.png },
        { name: 'pageId', value: '1' },
      ]);
      const notImages: FilePart[] = [
        { name: 'images', filename: 'image', data: Buffer.from('hello, world') },
        { name: 'images', filename: 'image', contentType: 'application/octet-stream', data: Buffer.from('%PDF-1.7') },
        { name: 'images', filename: 'image.png', contentType: 'image/png', data: Buffer.from('<html></html>') },
        { name: 'images', filename: 'image', contentType: 'text/plain', data: pictures.png },
      ];
      for (const part of notImages) {
        const answer = await postForm(KITCHEN, [part, { name: 'pageId', value: '1' }]);
        expect(answer.status, `${String(part.contentType)}: ${answer.text}`).to.equal(400);
        expect(answer.body.code).to.equal(400);
        expect(answer.body.msg).to.include('images[0]');
      }
      expect(imagePageAt(KITCHEN, 1).images[0].data.equals(pictures.png)).to.equal(true);
    });
  });

  describe('push answers, as the documented examples give them', function () {
    it('one image: {totalPages: 1, pushedPages: 1, pageId: "1"}; two images: 2 and 2', async function () {
      const one = await postForm(KITCHEN, [
        { name: 'images', filename: 'image', contentType: 'image/png', data: pictures.png },
        { name: 'pageId', value: '1' },
      ]);
      expect(one.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '1' });
      const two = await postForm(KITCHEN, [
        { name: 'images', filename: 'a.png', contentType: 'image/png', data: pictures.png },
        { name: 'images', filename: 'b.jpg', contentType: 'image/jpeg', data: pictures.jpeg },
        { name: 'pageId', value: '1' },
      ]);
      expect(two.body.data).to.deep.equal({ totalPages: 2, pushedPages: 2, pageId: '1' });
      expect(imagePageAt(KITCHEN, 1).images).to.have.length(2);
    });

    it('text and title-and-body: one page pushed, whatever the device already holds', async function () {
      await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'first', pageId: '4' } });
      const text = await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'second', pageId: '5' } });
      expect(text.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '5' });
      const structured = await call('POST', `/devices/${KITCHEN}/display/structured-text`, {
        json: { title: 'News', body: 'body', pageId: '1' },
      });
      expect(structured.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '1' });
      expect(slotsOf(KITCHEN).map((page) => page?.kind ?? null)).to.deep.equal([
        'structured',
        null,
        null,
        'text',
        'text',
      ]);
    });

    it('a push without a pageId: shown as the temporary screen, no page replaced, no pageId echoed', async function () {
      await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'kept', pageId: '1' } });
      const temporary = await call('POST', `/devices/${KITCHEN}/display/structured-text`, {
        json: { title: 'Now', body: 'only for now' },
      });
      expect(temporary.body).to.deep.equal({ code: 0, data: { totalPages: 1, pushedPages: 1 } });
      expect(sim.state.temporaryScreens.get(KITCHEN)).to.include({ kind: 'structured', title: 'Now' });
      expect(slotsOf(KITCHEN)[0]).to.include({ kind: 'text', text: 'kept' });
    });
  });

  describe('complete, with and without a body and a content type', function () {
    const completePath = (id: number) => `PUT /open/v1/todos/${id}/complete HTTP/1.1`;
    const shapes: [string, string[], Buffer?][] = [
      ['no body, no Content-Type, no Content-Length', []],
      ['Content-Length: 0, no Content-Type', ['Content-Length: 0']],
      ['Content-Type: application/json, empty body', ['Content-Type: application/json', 'Content-Length: 0']],
      [
        'Content-Type: application/json, body {}',
        ['Content-Type: application/json', 'Content-Length: 2'],
        Buffer.from('{}'),
      ],
      ['a JSON body without a Content-Type', ['Content-Length: 13'], Buffer.from('{"status": 1}')],
    ];

    for (const [shape, headers, body] of shapes) {
      it(`toggles on ${shape}, and answers code and msg only`, async function () {
        const todo = sim.addTodo({ title: shape });
        for (const expected of [1, 0]) {
          const answer = await rawRequest(sim, completePath(todo.id), [`X-API-Key: ${sim.apiKey}`, ...headers], body);
          expect(answer.status).to.equal(200);
          expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
          expect(statusOf(todo.id)).to.equal(expected);
        }
      });
    }

    it('refuses a wrong key with 401 and the envelope, and toggles nothing', async function () {
      const todo = sim.addTodo({ title: 'guarded' });
      const answer = await rawRequest(sim, completePath(todo.id), ['X-API-Key: wrong']);
      expect(answer.status).to.equal(401);
      expect(answer.headers['content-type']).to.match(/^application\/json/);
      expect(answer.body.code).to.not.equal(0);
      expect(answer.body.msg).to.be.a('string').and.not.equal('');
      expect(statusOf(todo.id)).to.equal(0);
    });
  });

  describe('delete all pages with a trailing slash', function () {
    async function fillKitchen(): Promise<void> {
      for (const pageId of ['1', '5']) {
        await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: `p${pageId}`, pageId } });
      }
    }

    it('by default: refused as an unknown path, the pages kept', async function () {
      await fillKitchen();
      const answer = await call('DELETE', `/devices/${KITCHEN}/display/pages/`);
      expect(answer.status).to.equal(404);
      expect(answer.body.code).to.equal(404);
      expect(slotsOf(KITCHEN).map((page) => page !== null)).to.deep.equal([true, false, false, false, true]);
    });

    it('with trailingSlashDeletesAllPages: every page of the device deleted', async function () {
      await fillKitchen();
      sim.setReadings({ trailingSlashDeletesAllPages: true });
      const answer = await call('DELETE', `/devices/${ENCODED_KITCHEN}/display/pages/`);
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(slotsOf(KITCHEN)).to.deep.equal([null, null, null, null, null]);
    });

    it('without the slash: every page deleted under both readings', async function () {
      for (const trailingSlashDeletesAllPages of [false, true]) {
        sim.setReadings({ trailingSlashDeletesAllPages });
        await fillKitchen();
        const answer = await call('DELETE', `/devices/${KITCHEN}/display/pages`);
        expect(answer.body, String(trailingSlashDeletesAllPages)).to.deep.equal({ code: 0, msg: 'success' });
        expect(slotsOf(KITCHEN)).to.deep.equal([null, null, null, null, null]);
      }
    });
  });

  describe('the unfiltered list, under both readings', function () {
    const ids = (items: TodoListItem[]) => items.map((item) => item.id);

    async function listed(query: string): Promise<TodoListItem[]> {
      const answer = await call<TodoListItem[]>('GET', `/todos${query}`);
      expect(answer.status, answer.text).to.equal(200);
      return answer.body.data;
    }

    beforeEach(function () {
      sim.addTodo({ title: 'pending', deviceId: KITCHEN });
      sim.addTodo({ title: 'completed', deviceId: KITCHEN, status: 1 });
      sim.addTodo({ title: 'personal, completed', status: 1 });
    });

    it('by default lists completed to-dos too', async function () {
      expect(ids(await listed(''))).to.deep.equal([1, 2, 3]);
      expect((await listed('')).map((item) => item.completed)).to.deep.equal([false, true, true]);
    });

    it('with unfilteredListOmitsCompleted leaves them out, the device filter too', async function () {
      sim.setReadings({ unfilteredListOmitsCompleted: true });
      expect(ids(await listed(''))).to.deep.equal([1]);
      expect(ids(await listed(`?deviceId=${ENCODED_KITCHEN}`))).to.deep.equal([1]);
    });

    it('fetching status 0 and status 1 and merging by id gives every to-do under both readings', async function () {
      for (const unfilteredListOmitsCompleted of [false, true]) {
        sim.setReadings({ unfilteredListOmitsCompleted });
        const merged = new Map<number, TodoListItem>();
        for (const item of [...(await listed('?status=0')), ...(await listed('?status=1'))]) merged.set(item.id, item);
        expect(
          [...merged.keys()].sort((a, b) => a - b),
          String(unfilteredListOmitsCompleted),
        ).to.deep.equal([1, 2, 3]);
      }
    });
  });

  describe('to-do bodies a sync tool sends', function () {
    it('an update carrying a status passes and changes the rest; the status is ignored, or applied when told to', async function () {
      const todo = sim.addTodo({ title: 'synced', status: 1 });
      const whole = { title: 'synced, renamed', description: 'from the other app', priority: 1, status: 1 };
      const passed = await call('PUT', `/todos/${todo.id}`, { json: whole });
      expect(passed.status, passed.text).to.equal(200);
      expect(passed.body.data).to.deep.equal({ id: todo.id, title: 'synced, renamed', status: 1, priority: 1 });
      const ignored = await call('PUT', `/todos/${todo.id}`, { json: { ...whole, title: 'reopened?', status: 0 } });
      expect(ignored.status, ignored.text).to.equal(200);
      expect(sim.state.todos.get(todo.id)).to.include({ title: 'reopened?', status: 1 });
      sim.setReadings({ updateAppliesStatus: true });
      const applied = await call('PUT', `/todos/${todo.id}`, { json: { ...whole, title: 'reopened', status: 0 } });
      expect(applied.body.data).to.deep.equal({ id: todo.id, title: 'reopened', status: 0, priority: 1 });
      expect(sim.state.todos.get(todo.id)).to.include({ title: 'reopened', status: 0 });
    });

    it('dueDate and dueTime null: nothing on create, unchanged on update', async function () {
      const created = await call<{ id: number }>('POST', '/todos', {
        json: { title: 'no due', description: null, dueDate: null, dueTime: null, deviceId: null },
      });
      expect(created.status, created.text).to.equal(200);
      const due = sim.addTodo({ title: 'due', dueDate: '2030-01-31', dueTime: '09:00' });
      const update = await call('PUT', `/todos/${due.id}`, { json: { title: 'due', dueDate: null, dueTime: null } });
      expect(update.status, update.text).to.equal(200);
      const items = (await call<TodoListItem[]>('GET', '/todos')).body.data;
      expect(items.map((item) => [item.title, item.dueDate, item.dueTime, item.deviceId])).to.deep.equal([
        ['no due', '', '', ''],
        ['due', '2030-01-31', '09:00', ''],
      ]);
    });

    it('list items carry the repeat fields that are set, as numbers', async function () {
      await call('POST', '/todos', { json: { title: 'weekly', repeatType: 'weekly', repeatWeekday: '3' } });
      await call('POST', '/todos', {
        json: { title: 'yearly', repeatType: 'yearly', repeatMonth: '2', repeatDay: 29 },
      });
      const items = (await call<TodoListItem[]>('GET', '/todos')).body.data;
      expect(
        items.map(({ repeatWeekday, repeatMonth, repeatDay }) => [repeatWeekday, repeatMonth, repeatDay]),
      ).to.deep.equal([
        [3, undefined, undefined],
        [undefined, 2, 29],
      ]);
    });
  });
});
