/**
 * Area averaging (src/lib/images/area-average.ts), the first step of fitting a black-and-white picture: where a
 * picture lands on the screen in each fit mode, and that every source pixel counts, at any ratio, in the pixels
 * over it. What a push of such a picture sends is in test/render/display-image-two-level.test.ts.
 */
import { expect } from 'chai';
import { areaAverage, placement } from '../../dist/lib/images/area-average';
import { seededRandom } from '../support/seeded-random';

describe('area averaging', function () {
  describe('placement(fit, width, height, targetWidth, targetHeight)', function () {
    it('contains 800 x 480 in 400 x 300 as 400 x 240, 30 rows of bar above and below', function () {
      expect(placement('contain', 800, 480, 400, 300)).to.deep.equal({
        box: { left: 0, top: 30, width: 400, height: 240 },
        window: { x: 0, y: 0, width: 800, height: 480 },
      });
    });

    it('contains a tall picture with bars left and right', function () {
      expect(placement('contain', 300, 600, 400, 300).box).to.deep.equal({
        left: 125,
        top: 0,
        width: 150,
        height: 300,
      });
    });

    it('covers 400 x 300 with the middle 640 x 480 of 800 x 480', function () {
      expect(placement('cover', 800, 480, 400, 300)).to.deep.equal({
        box: { left: 0, top: 0, width: 400, height: 300 },
        window: { x: 80, y: 0, width: 640, height: 480 },
      });
    });

    it('fills with the whole picture on the whole screen', function () {
      expect(placement('fill', 800, 480, 400, 300)).to.deep.equal({
        box: { left: 0, top: 0, width: 400, height: 300 },
        window: { x: 0, y: 0, width: 800, height: 480 },
      });
    });
  });

  describe('areaAverage(values, width, height, placement)', function () {
    it('gives each pixel the share of its source that is marked: a 2 x 2 checker halved is half everywhere', function () {
      const marks = Uint8Array.from({ length: 16 }, (_, i) => ((i % 4) + Math.floor(i / 4)) % 2);
      const shares = areaAverage(marks, 4, 4, placement('fill', 4, 4, 2, 2));
      expect([...shares]).to.deep.equal([0.5, 0.5, 0.5, 0.5]);
    });

    it('keeps a line one pixel thin at 0.4 of its size: 0.4 of a row across the rows it falls on, in every column', function () {
      const marks = new Uint8Array(100 * 100);
      marks.fill(1, 51 * 100, 52 * 100);
      const shares = areaAverage(marks, 100, 100, placement('fill', 100, 100, 40, 40));
      for (let x = 0; x < 40; x++) {
        let column = 0;
        for (let y = 0; y < 40; y++) column += shares[y * 40 + x];
        expect(column, `column ${x}`).to.be.closeTo(0.4, 1e-5);
      }
    });

    const ratios: [number, number, number, number][] = [
      [800, 480, 400, 300],
      [800, 480, 300, 200],
      [333, 217, 100, 71],
      [120, 90, 400, 300],
    ];
    for (const [width, height, targetWidth, targetHeight] of ratios) {
      it(`counts every marked pixel once, ${width} x ${height} filled into ${targetWidth} x ${targetHeight}`, function () {
        const random = seededRandom(width * height);
        const marks = Uint8Array.from({ length: width * height }, () => (random() < 0.3 ? 1 : 0));
        const shares = areaAverage(marks, width, height, placement('fill', width, height, targetWidth, targetHeight));
        const pixelArea = (width / targetWidth) * (height / targetHeight);
        const counted = shares.reduce((sum, share) => sum + share * pixelArea, 0);
        expect(counted).to.be.closeTo(
          marks.reduce((sum, mark) => sum + mark, 0),
          width * height * 1e-5,
        );
        expect(Math.min(...shares)).to.be.at.least(0);
        expect(Math.max(...shares)).to.be.at.most(1 + 1e-5);
      });
    }
  });
});
