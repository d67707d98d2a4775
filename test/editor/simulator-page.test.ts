/**
 * The simulator's page in Chromium, as a person uses it to try the to-do watch and the two-way sync by hand: it
 * shows the key the account needs and says in plain words how the simulator answers; a to-do is ticked off,
 * reopened, edited and deleted there as on a device, and the service (its API) then lists it so. Its CalDAV task
 * list is shown with each task's summary, due and state, and says it is a stand-in; a task is ticked off, renamed,
 * reopened and deleted there as on a phone, and a CalDAV client then reads it so, under a new ETag.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { sharedBrowser, UI_TIMEOUT_MS } from './editor-page';
import { until } from '../support/until';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import { KITCHEN } from '../fixtures/service';

const TASKS = '/caldav/user/calendars/tasks/';

describe('the simulator page (Chromium)', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let page: Page;

  before(async () => {
    sim = await startSimulator({ readings: { completeOnlyMarks: true } });
    page = await (await sharedBrowser()).newPage();
  });
  after(async () => {
    await page.close();
    await sim.close();
  });

  /** The to-dos as another client of the service lists them. */
  async function listed(): Promise<{ id: number; title: string; status: number; updateDate: number }[]> {
    const answer = (await (
      await fetch(`${sim.url}/open/v1/todos?status=0`, { headers: { 'x-api-key': sim.apiKey } })
    ).json()) as { data: { id: number; title: string; status: number; updateDate: number }[] };
    const done = (await (
      await fetch(`${sim.url}/open/v1/todos?status=1`, { headers: { 'x-api-key': sim.apiKey } })
    ).json()) as { data: { id: number; title: string; status: number; updateDate: number }[] };
    return [...answer.data, ...done.data];
  }

  it('shows the API key the account needs, and says in plain words how it answers where the service may differ', async () => {
    await page.goto(`${sim.url}/`);
    expect(await page.textContent('#api-key')).to.equal('sim-key');
    await page.waitForSelector('#switches li', { timeout: UI_TIMEOUT_MS });
    const switches = await page.$$eval('#switches li', (items) => items.map((item) => item.textContent));
    expect(switches).to.have.length(6);
    expect(switches).to.include('Completing a completed to-do keeps it completed (--complete-only-marks).');
    expect(switches).to.include('A to-do list asked for without a filter holds completed to-dos too.');
  });

  it('ticks off, reopens, edits and deletes a to-do as a person does on the device', async () => {
    const todo = sim.addTodo({ title: 'Buy milk', deviceId: KITCHEN, updateDate: 1_700_000_000 });
    const item = `li[data-todo-id="${todo.id}"]`;
    await page.goto(`${sim.url}/`);

    await page.click(`${item} >> text=Tick off`, { timeout: UI_TIMEOUT_MS });
    await until(async () => (await listed()).find((listedTodo) => listedTodo.id === todo.id)?.status === 1, {
      what: 'the to-do listed as completed',
    });
    expect((await listed())[0].updateDate, 'changed on the device: updateDate moves').to.be.above(1_700_000_000);
    await page.waitForSelector(`${item}.done`, { timeout: UI_TIMEOUT_MS });

    await page.click(`${item} >> text=Reopen`, { timeout: UI_TIMEOUT_MS });
    await until(async () => (await listed())[0]?.status === 0, { what: 'the to-do listed as pending again' });

    page.once('dialog', (dialog) => void dialog.accept('Buy oat milk'));
    await page.click(`${item} >> text=Edit`, { timeout: UI_TIMEOUT_MS });
    await until(async () => (await listed())[0]?.title === 'Buy oat milk', { what: 'the to-do listed as renamed' });
    await page.waitForSelector(`${item} >> text=Buy oat milk`, { timeout: UI_TIMEOUT_MS });

    await page.click(`${item} >> text=Delete`, { timeout: UI_TIMEOUT_MS });
    await until(async () => (await listed()).length === 0, { what: 'the to-do gone from the list' });
    await page.waitForSelector(item, { state: 'detached', timeout: UI_TIMEOUT_MS });
  });

  it('shows the CalDAV task list as a phone does, and says plainly that it is a stand-in', async () => {
    await page.goto(`${sim.url}/`);
    const card = page.locator('section[data-task-list="tasks"]');
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await card.locator('h2').textContent()).to.equal('Task list (CalDAV): Tasks');
    expect(await card.locator('code.address').textContent()).to.equal(`${sim.url}${TASKS}`);
    expect(await card.locator('.stand-in').textContent()).to.match(
      /^A stand-in for your own CalDAV server: it takes any user name and password, or none\./,
    );
    const shown = await card.locator('li[data-task]').evaluateAll((items) =>
      items.map((item) => ({
        summary: item.querySelector('.todo-title')?.textContent,
        extra: item.querySelector('.todo-extra')?.textContent,
        done: item.classList.contains('done'),
      })),
    );
    expect(shown).to.have.length(4);
    expect(shown[0]).to.deep.include({ summary: 'Call the plumber', done: false });
    expect(shown[0].extra).to.match(/^due \d{4}-\d\d-\d\d 09:30 \(Europe\/London\) · to do$/);
    expect(shown[1].extra).to.match(/^due \d{4}-\d\d-\d\d · to do$/);
    expect(shown[2]).to.deep.include({ summary: 'Take out the bins' });
    expect(shown[2].extra).to.match(/ · repeats weekly · to do$/);
    expect(shown[3]).to.deep.include({ summary: '买牛奶', extra: 'done', done: true });
  });

  it('ticks off, renames, reopens and deletes a task as a phone does; a CalDAV client reads it so', async () => {
    const item = 'section[data-task-list="tasks"] li[data-task="plumber.ics"]';
    const read = async () => {
      const answer = await fetch(`${sim.url}${TASKS}plumber.ics`);
      return { status: answer.status, etag: answer.headers.get('etag'), ics: await answer.text() };
    };
    const first = await read();
    await page.goto(`${sim.url}/`);

    await page.click(`${item} >> text=Tick off`, { timeout: UI_TIMEOUT_MS });
    await page.waitForSelector(`${item}.done`, { timeout: UI_TIMEOUT_MS });
    const ticked = await read();
    expect(ticked.ics)
      .to.match(/\r\nSTATUS:COMPLETED\r\n/)
      .and.match(/\r\nCOMPLETED:\d{8}T\d{6}Z\r\n/);
    expect(ticked.ics, 'as a client stamps a write').to.match(/\r\nSEQUENCE:1\r\n/);
    expect(ticked.ics, 'the rest kept').to.include('DUE;TZID=Europe/London:').and.include('BEGIN:VTIMEZONE');
    expect(ticked.etag, 'a new ETag').to.not.equal(first.etag);

    page.once('dialog', (dialog) => void dialog.accept('Call the plumber: 水龙头'));
    await page.click(`${item} >> text=Rename`, { timeout: UI_TIMEOUT_MS });
    await page.waitForSelector(`${item} >> text=Call the plumber: 水龙头`, { timeout: UI_TIMEOUT_MS });
    expect((await read()).ics)
      .to.include('SUMMARY:Call the plumber: 水龙头')
      .and.include('STATUS:COMPLETED');

    await page.click(`${item} >> text=Reopen`, { timeout: UI_TIMEOUT_MS });
    await page.waitForSelector(`${item}:not(.done)`, { timeout: UI_TIMEOUT_MS });
    const reopened = await read();
    expect(reopened.ics)
      .to.include('STATUS:NEEDS-ACTION')
      .and.not.match(/\r\nCOMPLETED:/);

    await page.click(`${item} >> text=Delete`, { timeout: UI_TIMEOUT_MS });
    await page.waitForSelector(item, { state: 'detached', timeout: UI_TIMEOUT_MS });
    expect((await read()).status).to.equal(404);
  });

  it('refuses a change of a to-do or task that does not exist, and an empty title', async () => {
    expect((await fetch(`${sim.url}/sim/todos/999/complete`, { method: 'POST' })).status).to.equal(404);
    const todo = sim.addTodo({ title: 'Water the plants' });
    const answer = await fetch(`${sim.url}/sim/todos/${todo.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: ' ' }),
    });
    expect(answer.status).to.equal(400);
    expect(sim.state.todos.get(todo.id)?.title).to.equal('Water the plants');
    const renamed = await fetch(`${sim.url}/sim/tasks/tasks/milk.ics`, { method: 'PUT', body: '{"summary":""}' });
    expect(renamed.status).to.equal(400);
    expect((await fetch(`${sim.url}/sim/tasks/tasks/nothing.ics/complete`, { method: 'POST' })).status).to.equal(404);
    expect((await fetch(`${sim.url}/sim/tasks/events/birthday.ics/complete`, { method: 'POST' })).status).to.equal(404);
  });
});
