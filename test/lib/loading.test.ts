// Load at deploy (src/lib/loading.ts): a costly load runs once per process, on a later turn of the
// event loop when preloaded, one load per turn so that timers and I/O run between them; a failed
// load keeps its error and is not tried again; a load done elsewhere (a promise) reports how it ended.

import { expect } from 'chai';
import { Preload } from '../../dist/lib/loading';

describe('load at deploy: Preload', () => {
  it('loads once, however often it is asked for', () => {
    let loads = 0;
    const thing = new Preload('thing', () => ({ made: ++loads }));
    expect(thing.loaded).to.equal(false);
    expect(thing.get()).to.deep.equal({ made: 1 });
    expect(thing.get()).to.equal(thing.get());
    expect(loads).to.equal(1);
    expect(thing.loaded).to.equal(true);
  });

  it('a preload returns at once and loads on a later turn of the event loop', async () => {
    const order: string[] = [];
    const thing = new Preload('thing', () => order.push('loaded'));
    const settled = thing.preload();
    order.push('deploy goes on');
    expect(thing.loaded).to.equal(false);
    expect(await settled).to.equal(undefined);
    expect(order).to.deep.equal(['deploy goes on', 'loaded']);
    expect(thing.preload()).to.equal(settled);
  });

  it('preloads run one per turn of the event loop, in the order asked', async () => {
    let turn = 0;
    let ticking = true;
    const tick = (): void => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: [string, number][] = [];
    const loads = ['undici', 'form-data', 'sharp'].map((name) => new Preload(name, () => seen.push([name, turn])));
    await Promise.all(loads.map((load) => load.preload()));
    ticking = false;
    expect(seen.map(([name]) => name)).to.deep.equal(['undici', 'form-data', 'sharp']);
    const turns = seen.map(([, at]) => at);
    expect(new Set(turns).size, `turns ${turns.join(', ')}`).to.equal(3);
  });

  it('a failed load keeps its error: every later get throws it, and it is not tried again', async () => {
    let tries = 0;
    const broken = new Preload('broken', () => {
      tries++;
      throw new Error('Could not load the "sharp" module using the linux-arm runtime');
    });
    const error = await broken.preload();
    expect(error?.message).to.equal('Could not load the "sharp" module using the linux-arm runtime');
    expect(() => broken.get()).to.throw(error!);
    expect(() => broken.get()).to.throw(error!);
    expect(tries).to.equal(1);
    expect(broken.loaded).to.equal(false);
  });

  it('a load done elsewhere (a promise) reports its failure to the preload, and get gives the promise', async () => {
    const failing = new Preload('fonts', () => Promise.reject(new Error('font file missing')));
    expect((await failing.preload())?.message).to.equal('font file missing');
    const working = new Preload('fonts', () => Promise.resolve('fonts ready'));
    expect(await working.preload()).to.equal(undefined);
    expect(await working.get()).to.equal('fonts ready');
  });

  it('something thrown that is not an Error is reported as one', async () => {
    const odd = new Preload('odd', () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a careless library may do
      throw 'a string';
    });
    const error = await odd.preload();
    expect(error).to.be.instanceOf(Error);
    expect(error?.message).to.equal('a string');
  });
});
