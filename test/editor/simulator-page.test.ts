/**
 * The simulator's page in Chromium, as a person uses it to try the to-do watch and the two-way sync by hand: it
 * shows the key the account needs and says in plain words how the simulator answers; a to-do is ticked off,
 * reopened, edited and deleted there as on a device, and the service (its API) then lists it so.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { sharedBrowser, UI_TIMEOUT_MS } from './editor-page';
import { until } from '../support/until';
import { startSimulator, type Simulator } from '../../dist/simulator/server';

const KITCHEN = 'AA:BB:CC:DD:EE:01';

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

  it('refuses a change of a to-do that does not exist, and an empty title', async () => {
    expect((await fetch(`${sim.url}/sim/todos/999/complete`, { method: 'POST' })).status).to.equal(404);
    const todo = sim.addTodo({ title: 'Water the plants' });
    const answer = await fetch(`${sim.url}/sim/todos/${todo.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: ' ' }),
    });
    expect(answer.status).to.equal(400);
    expect(sim.state.todos.get(todo.id)?.title).to.equal('Water the plants');
  });
});
