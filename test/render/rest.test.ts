// A renderer at rest: some time after its last page it lets go of its drawing process (memory Node-RED keeps
// for its other flows), and the next page starts one again and is drawn as before.

import { expect } from 'chai';
import { PageRenderer } from '../../dist/lib/render';
import { eventually } from '../support/until';
import { darkness, pixelsOf } from './support';

describe('render: at rest', function () {
  this.timeout(30_000);

  it('lets go of the engine after its last page, and draws the next page with it loaded again', async () => {
    const renderer = new PageRenderer({ idleMs: 20 });
    try {
      const template = '<div style="margin-left:{{payload}}px;width:50px;height:50px;background:black"></div>';
      const first = await pixelsOf(await renderer.render({ template, message: { payload: 0 } }));
      expect(darkness(first, 0, 0, 50, 50)).to.equal(1);
      await eventually(() => !renderer.loaded, { what: 'the engine let go', timeoutMs: 10_000, everyMs: 10 });
      const png = await renderer.render({ template, message: { payload: 100 } });
      // Before its next rest, 20 ms on.
      expect(renderer.loaded, 'loaded again').to.equal(true);
      const next = await pixelsOf(png);
      expect(darkness(next, 100, 0, 50, 50), 'the page after the rest').to.equal(1);
      expect(darkness(next, 0, 0, 50, 50)).to.equal(0);
    } finally {
      await renderer.close();
    }
    expect(renderer.loaded, 'after close').to.equal(false);
  });
});
