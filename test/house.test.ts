/**
 * The house as docs/design.md draws it is the code's: each picture of today's code there is what
 * scripts/house.js draws from the imports now. And neither the folders of the library nor those of the page renderer import each other in a loop.
 */
import fs from 'node:fs';
import { expect } from 'chai';
import { DESIGN, loopsIn, refreshed } from '../scripts/house';

describe('the house in docs/design.md', function () {
  it('draws the folders and their imports as the code has them', function () {
    const written = fs.readFileSync(DESIGN, 'utf8');
    expect(written).to.include('<!-- house: src -->');
    expect(written).to.include('<!-- house: src/lib/render -->');
    expect(refreshed(written), 'the pictures differ from the code: node scripts/house.js --write').to.equal(written);
  });

  it('has no loop between the folders of the page renderer', function () {
    expect(loopsIn('src/lib/render')).to.deep.equal([]);
  });

  it('has no loop between the folders of the library', function () {
    expect(loopsIn('src/lib')).to.deep.equal([]);
  });
});
