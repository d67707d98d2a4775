/**
 * The pure rules of image fitting (src/lib/image-fit.ts, src/lib/bmp.ts): the
 * fit options as the dialog or the message gives them, what counts as SVG
 * text, and the size a BMP header gives. What a push sends after fitting is in
 * test/render/display-image-fit.test.ts.
 */
import { expect } from 'chai';
import { fitOptions, isSvg, DEFAULT_FIT, FIT_MODES } from '../../dist/lib/images/fit';
import { bmpSize } from '../../dist/lib/images/bmp';
import { bmpOfSize } from '../fixtures/images';
import { expectInvalid } from '../support/expectations';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#fff"/></svg>';

describe('image fitting rules', function () {
  describe('fitOptions(fit, width, height)', function () {
    it('gives contain at 400 x 300 when nothing is set', function () {
      expect(DEFAULT_FIT).to.deep.equal({ fit: 'contain', width: 400, height: 300 });
      expect(fitOptions(undefined, undefined, undefined)).to.deep.equal({ fit: 'contain', width: 400, height: 300 });
      expect(fitOptions('', '', '')).to.deep.equal({ fit: 'contain', width: 400, height: 300 });
    });

    it('takes each of the four modes', function () {
      expect(FIT_MODES).to.deep.equal(['contain', 'cover', 'fill', 'none']);
      for (const mode of FIT_MODES) expect(fitOptions(mode, undefined, undefined).fit).to.equal(mode);
    });

    it('takes a width and height as numbers or as the digits a number field gives, 1 to 4096', function () {
      expect(fitOptions('cover', 800, 480)).to.deep.equal({ fit: 'cover', width: 800, height: 480 });
      expect(fitOptions('fill', '640', ' 384 ')).to.deep.equal({ fit: 'fill', width: 640, height: 384 });
      expect(fitOptions('contain', 1, 4096)).to.deep.equal({ fit: 'contain', width: 1, height: 4096 });
    });

    it('leaves out one dimension to its default', function () {
      expect(fitOptions('contain', 800, undefined)).to.deep.equal({ fit: 'contain', width: 800, height: 300 });
      expect(fitOptions('contain', '', 600)).to.deep.equal({ fit: 'contain', width: 400, height: 600 });
    });

    const refusals: [string, unknown[], string, RegExp][] = [
      ['an unknown mode', ['stretch'], 'fit', /^fit: must be one of contain, cover, fill, none \(got "stretch"\)$/],
      ['a mode in capitals', ['Cover'], 'fit', /^fit: must be one of contain, cover, fill, none \(got "Cover"\)$/],
      ['a mode that is no text', [true], 'fit', /^fit: must be one of .* \(got true\)$/],
      ['a width of 0', ['contain', 0], 'width', /^width: must be a whole number of pixels from 1 to 4096 \(got 0\)$/],
      [
        'a width of 4097',
        ['contain', 4097],
        'width',
        /^width: must be a whole number of pixels from 1 to 4096 \(got 4097\)$/,
      ],
      ['a width with a fraction', ['contain', 400.5], 'width', /^width: .* \(got 400\.5\)$/],
      ['a width with a unit', ['contain', '400px'], 'width', /^width: .* \(got "400px"\)$/],
      ['a negative height', ['contain', 400, -300], 'height', /^height: .* \(got -300\)$/],
      ['a height of "0"', ['contain', 400, '0'], 'height', /^height: .* \(got "0"\)$/],
      ['a height that is no number', ['contain', 400, { px: 300 }], 'height', /^height: .* \(got an object\)$/],
    ];
    for (const [what, args, field, pattern] of refusals) {
      it(`refuses ${what}, naming ${field}`, function () {
        expectInvalid(() => fitOptions(args[0], args[1], args[2]), field, pattern);
      });
    }
  });

  describe('isSvg(value)', function () {
    const svgs = [
      ['an <svg> element', SVG],
      ['an <svg> element after white space and a byte order mark', `\uFEFF \n\t${SVG}`],
      ['an XML declaration before the <svg> element', `<?xml version="1.0" encoding="UTF-8"?>\n${SVG}`],
      [
        'an XML declaration, a doctype and the <svg> element',
        `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${SVG}`,
      ],
      ['an <SVG> element in capitals', SVG.replace('<svg', '<SVG')],
      ['an <svg> element without attributes', '<svg></svg>'],
    ];
    for (const [what, text] of svgs) {
      it(`says yes to ${what}, as text and as a Buffer`, function () {
        expect(isSvg(text)).to.equal(true);
        expect(isSvg(Buffer.from(text, 'utf8'))).to.equal(true);
      });
    }

    const others = [
      ['an element whose name starts with svg', '<svgx width="1"></svgx>'],
      ['an XML document of another kind', '<?xml version="1.0"?><html><body>no svg here</body></html>'],
      ['HTML holding an <svg> element', `<div>${SVG}</div>`],
      ['base64 of an SVG', Buffer.from(SVG).toString('base64')],
      ['plain text', 'hello, world'],
      ['an empty text', ''],
    ];
    for (const [what, text] of others) {
      it(`says no to ${what}`, function () {
        expect(isSvg(text)).to.equal(false);
        expect(isSvg(Buffer.from(text, 'utf8'))).to.equal(false);
      });
    }

    it('says no to a PNG, a number, null, an object and an array of SVG texts', function () {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
      for (const value of [png, 42, null, undefined, { svg: SVG }, [SVG]]) expect(isSvg(value)).to.equal(false);
    });

    it('looks only at the start: an <svg> element far into an XML text is not found', function () {
      const late = `<?xml version="1.0"?><!-- ${'x'.repeat(5000)} -->${SVG}`;
      expect(isSvg(late)).to.equal(false);
    });
  });

  describe('bmpSize(bytes), from the header', function () {
    it('reads a Windows BMP (40-byte header) of 2 x 2 and of 400 x 300', function () {
      expect(bmpSize(bmpOfSize(2, 2))).to.deep.equal({ width: 2, height: 2 });
      expect(bmpSize(bmpOfSize(400, 300))).to.deep.equal({ width: 400, height: 300 });
    });

    it('reads a BMP stored top to bottom (a negative height) as its positive height', function () {
      expect(bmpSize(bmpOfSize(400, 300, { topDown: true }))).to.deep.equal({ width: 400, height: 300 });
    });

    it('reads the 16-bit sizes of an OS/2 1.x BMP (12-byte header)', function () {
      const file = Buffer.alloc(14 + 12);
      file.write('BM', 0, 'latin1');
      file.writeUInt32LE(12, 14);
      file.writeUInt16LE(640, 18);
      file.writeUInt16LE(480, 20);
      expect(bmpSize(file)).to.deep.equal({ width: 640, height: 480 });
    });

    it('reads the 32-bit sizes of the V4 and V5 headers (108 and 124 bytes)', function () {
      for (const headerBytes of [108, 124]) {
        const file = bmpOfSize(800, 480);
        file.writeUInt32LE(headerBytes, 14);
        expect(bmpSize(file), `${headerBytes}-byte header`).to.deep.equal({ width: 800, height: 480 });
      }
    });

    it('gives nothing for a header it does not know, cut short, of no size or not a BMP at all', function () {
      const unknownHeader = bmpOfSize(400, 300);
      unknownHeader.writeUInt32LE(20, 14);
      const noWidth = bmpOfSize(400, 300);
      noWidth.writeInt32LE(0, 18);
      const noHeight = bmpOfSize(400, 300);
      noHeight.writeInt32LE(0, 22);
      const negativeWidth = bmpOfSize(400, 300);
      negativeWidth.writeInt32LE(-400, 18);
      const notBmp = bmpOfSize(400, 300);
      notBmp.write('PM', 0, 'latin1');
      const cases: [string, Buffer][] = [
        ['an unknown header size', unknownHeader],
        ['a width of 0', noWidth],
        ['a height of 0', noHeight],
        ['a negative width', negativeWidth],
        ['other magic bytes', notBmp],
        ['a file cut short in its header', bmpOfSize(400, 300).subarray(0, 24)],
        ['two bytes', Buffer.from('BM')],
      ];
      for (const [what, bytes] of cases) {
        expect(bmpSize(bytes), what).to.equal(undefined);
      }
    });
  });
});
