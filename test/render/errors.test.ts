// Bad input to the page renderer: each a validation error that names the field and says what and where.

import { expect } from 'chai';
import { DeviceCloudError } from '../../dist/lib/errors';
import { PageRenderer, type PageRequest } from '../../dist/lib/render';

describe('render: bad input', function () {
  this.timeout(30_000);
  const renderer = new PageRenderer();

  before(async () => {
    await renderer.warmUp();
  });
  after(async () => {
    await renderer.close();
  });

  async function refusal(request: PageRequest): Promise<DeviceCloudError> {
    try {
      await renderer.render(request);
    } catch (error) {
      expect(error).to.be.instanceOf(DeviceCloudError);
      expect((error as DeviceCloudError).kind).to.equal('validation');
      return error as DeviceCloudError;
    }
    throw new Error(`drawn although it should be refused: ${JSON.stringify(request).slice(0, 200)}`);
  }

  const cases: [string, PageRequest, string, RegExp][] = [
    ['no template', { template: '' }, 'template', /must be HTML text/],
    ['a template that is no text', { template: 42 }, 'template', /got 42/],
    [
      'a tag never closed',
      { template: '<div>\n  <span>open\n</div>' },
      'template',
      /line 3, column 1: <\/div> found where <span> \(opened at line 2, column 3\)/,
    ],
    ['a div left open', { template: '<div><b>x</b>' }, 'template', /line 1, column 1: <div> is never closed/],
    ['a closing tag alone', { template: 'text</p>' }, 'template', /line 1, column 5: <\/p> closes nothing/],
    [
      'an unclosed quote',
      { template: '<div style="color:red>x</div>' },
      'template',
      /line 1, column 12: the value of style in <div> has no closing "/,
    ],
    [
      'a style element',
      { template: '<style>div{}</style><div>x</div>' },
      'template',
      /<style> is not supported: write the CSS in style attributes/,
    ],
    [
      'a Mustache section left open',
      { template: '{{#payload}}<div>x</div>' },
      'template',
      /placeholder error: Unclosed section "payload"/,
    ],
    [
      'an image from the web',
      { template: '<img src="https://example.com/a.png">' },
      'template',
      /is not icon:NAME, qr:TEXT, chart:line, chart:bar or a data: URL \(nothing is fetched\)/,
    ],
    [
      'a background from the web',
      { template: '<div style="background-image: url(https://example.com/a.png)">x</div>' },
      'template',
      /line 1, column 1: url\(https:\/\/example.com\/a.png\): only data: URLs are drawn \(nothing is fetched\)/,
    ],
    [
      'a WebP picture',
      { template: '<img src="data:image/webp;base64,UklGRg==">' },
      'template',
      /picture is image\/webp: a page shows PNG, JPEG, GIF or SVG/,
    ],
    [
      'QR text too long',
      { template: `<img src="qr:${'x'.repeat(3000)}" width="300" height="300">` },
      'template',
      /QR code text is 3000 bytes, too long for a QR code \(at most 2331 bytes with error correction M; data-ecc="L" allows 2953\)/,
    ],
    [
      'a QR code in too small a box',
      { template: '<div>\n<img src="qr:hello" width="20" height="20"></div>' },
      'template',
      /line 2, column 1: a 20 x 20 box is too small for this QR code: it needs at least 29 x 29 pixels/,
    ],
    [
      'a chart without numbers',
      { template: '<img src="chart:line" data-values="{{payload}}">', message: { payload: [] } },
      'template',
      /chart:line needs numbers in data-values/,
    ],
    [
      'a chart with a word among the numbers',
      { template: '<img src="chart:bar" data-values="1, two, 3">' },
      'template',
      /data-values: "two" is not a number/,
    ],
    ['an unknown chart', { template: '<img src="chart:pie" data-values="1">' }, 'template', /chart:pie is not a chart/],
    ['width 0', { template: '<div>x</div>', width: 0 }, 'width', /from 1 to 4096 \(got 0\)/],
    ['height over 4096', { template: '<div>x</div>', height: 4097 }, 'height', /from 1 to 4096 \(got 4097\)/],
    ['a width in words', { template: '<div>x</div>', width: 'wide' }, 'width', /got "wide"/],
    [
      'an unknown palette',
      { template: '<div>x</div>', colors: 'rgb' },
      'colors',
      /must be one of bw, bwry \(got "rgb"\)/,
    ],
    [
      'an unknown dither mode',
      { template: '<div>x</div>', dither: 'ordered' },
      'dither',
      /must be one of none, atkinson, floyd-steinberg \(got "ordered"\)/,
    ],
  ];

  for (const [name, request, field, text] of cases) {
    it(`refuses ${name}, naming ${field}`, async () => {
      const error = await refusal(request);
      expect(error.field).to.equal(field);
      expect(error.message).to.match(new RegExp(`^${field}: `));
      expect(error.message).to.match(text);
    });
  }

  it('still draws after refusing', async () => {
    await refusal({ template: '<div>' });
    const png = await renderer.render({ template: '<div>fine</div>' });
    expect(png.subarray(1, 4).toString()).to.equal('PNG');
  });
});
