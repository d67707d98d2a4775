// Where the render node says a template's mistake or warning is: the line and column the author typed, in the
// template, whatever the placeholders filled in (long values, lists of items on several lines, sections, partials,
// triple mustaches, helpers). Each place is found here in the template's own text, as an editor counts it, and
// compared with the error a Catch node got or the warning the node logged.

import { expect } from 'chai';
import { caughtOf, Harness, loadAgain, outputOf } from '../support/harness';
import type { NodeMessage, TestNode } from '../support/node-red';
import { placeOf } from '../support/template-place';

const TYPE = 'device-cloud-render';
const NO_FONT = '\u{13000}';
const NO_FONT_NAME = `U+13000 "${NO_FONT}"`;

/** Five to-dos, each written on three lines of HTML by a triple mustache. */
const ITEMS = ['Buy milk', 'Take out the bins', 'Call the plumber', 'Water the plants', 'Book tickets'].map(
  (title, i) => ({ title, html: `<b>${title}</b><br>\ndue<br>\n${i + 1} days`, price: 1.25 * i }),
);

const LIST_TEMPLATE = [
  '<div style="font-size:14px">',
  '  {{#payload.items}}',
  '  <p>{{{html}}} {{price | number: 2}}</p>',
  '  {{/payload.items}}',
  '  <span><i>{{payload.note}}</span>',
  '</div>',
].join('\n');

describe(`${TYPE}: errors and warnings at the template's own line and column`, function () {
  this.timeout(60_000);
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.stop());
  afterEach(() => h.reset());

  /** The node under test with `template` in its dialog (a flow of its own each time: one test may load several). */
  function loadRender(template: string): Promise<TestNode> {
    return loadAgain(h, {
      type: TYPE,
      template,
      width: '400',
      height: '300',
      colors: 'bw',
      dither: 'none',
      layoutRules: 'html',
    });
  }

  async function errorOf(template: string, msg: NodeMessage): Promise<string> {
    await loadRender(template);
    const caught = caughtOf(await h.send(msg, { timeoutMs: 30_000 }));
    return caught.error.message;
  }

  it('names the tag after a placeholder at its column in the template, however long the value', async () => {
    const template = '<div>{{payload.a}} <b></div>';
    for (const a of ['x', 'a value of forty characters, more or less']) {
      expect(await errorOf(template, { payload: { a } }), a).to.equal(
        `DeviceCloudError: template: ${placeOf(template, '</div>')}: </div> found where <b> (opened at ` +
          `${placeOf(template, '<b>')}) must be closed first`,
      );
    }
  });

  it('names a mistake on line 5 after a list of five items of three lines each on line 5, after helpers too', async () => {
    expect(await errorOf(LIST_TEMPLATE, { payload: { items: ITEMS, note: 'note' } })).to.equal(
      `DeviceCloudError: template: ${placeOf(LIST_TEMPLATE, '</span>')}: </span> found where <i> (opened at ` +
        `${placeOf(LIST_TEMPLATE, '<i>')}) must be closed first`,
    );
  });

  it('names a mistake inside a list item where the item is written, not where its repeat lands', async () => {
    const template = '<ul>\n{{#payload}}\n  <li>{{.}}</b></li>\n{{/payload}}\n</ul>';
    expect(await errorOf(template, { payload: ['one\ntwo', 'three', 'four'] })).to.equal(
      `DeviceCloudError: template: ${placeOf(template, '</b>')}: </b> found where <li> (opened at ` +
        `${placeOf(template, '<li>')}) must be closed first`,
    );
  });

  it('counts past a partial, an inverted section and a section of an object', async () => {
    const template =
      '{{> header}}<div>{{^payload.none}}<em>{{payload.x | number: 1}} {{/payload.none}}\n' +
      '{{#payload.user}}<b>{{name}}</i>{{/payload.user}}</div>';
    expect(await errorOf(template, { payload: { x: 123456.789, user: { name: 'Ada Lovelace' } } })).to.equal(
      `DeviceCloudError: template: ${placeOf(template, '</i>')}: </i> found where <b> (opened at ` +
        `${placeOf(template, '<b>')}) must be closed first`,
    );
  });

  it('names the placeholder for a tag that a triple mustache wrote', async () => {
    const template = '<div>\n  Note: {{{payload.html}}}</div>';
    expect(await errorOf(template, { payload: { html: '<p>\n\n<b>unclosed' } })).to.equal(
      `DeviceCloudError: template: ${placeOf(template, '</div>')}: </div> found where <b> (opened at ` +
        `${placeOf(template, '{{{payload.html}}}')}) must be closed first`,
    );
  });

  it('names a section never closed at its opening tag, and a helper that does not exist at its placeholder', async () => {
    const open = '<div>\n  <p>{{payload.a}}</p>\n  {{#payload.items}}<p>{{title}}</p>\n</div>';
    expect(await errorOf(open, { payload: { a: 'x', items: ITEMS } })).to.equal(
      `DeviceCloudError: template: ${placeOf(open, '{{#payload.items}}')}: placeholder error: ` +
        'Unclosed section "payload.items"',
    );
    const helper = '<div>\n  {{#payload.items}}<p>{{title}} {{price|numbr:2}}</p>{{/payload.items}}\n</div>';
    expect(await errorOf(helper, { payload: { items: ITEMS } })).to.match(
      new RegExp(
        `^DeviceCloudError: template: ${placeOf(helper, '{{price')}: \\{\\{price \\| numbr: 2\\}\\}: there is no helper "numbr"`,
      ),
    );
  });

  it('warns at the placeholder of a character no font has in a list item, at its own place in typed text, and of text cut in a list item where its element is written', async () => {
    const template = [
      '<div style="display:flex;flex-direction:column">',
      '  {{#payload}}',
      '  <div style="width:120px;height:24px;font-size:20px" data-fit="shrink" data-min-size="14">{{title}}</div>',
      '  {{/payload}}',
      `  <div>typed ${NO_FONT} \u{10900}</div>`,
      '</div>',
    ].join('\n');
    const node = await loadRender(template);
    const warnings: string[] = [];
    node.on('call:warn', (call: { args: unknown[] }) => warnings.push(String(call.args[0])));
    const payload = [
      { title: 'Milk' },
      { title: 'Bins' },
      { title: `Old ${NO_FONT}` },
      { title: 'A title far too long for a box of 120 px at any size it may take' },
    ];
    outputOf(await h.send({ payload }, { timeoutMs: 30_000 }));
    expect(warnings).to.have.length(3);
    const cut = warnings.find((warning) => warning.includes('does not fit'));
    expect(cut, warnings.join('\n')).to.match(
      new RegExp(`^template: ${placeOf(template, '<div style="width')}: the text does not fit its box even at`),
    );
    expect(warnings.filter((warning) => warning !== cut)).to.deep.equal([
      `template: ${placeOf(template, '{{title}}')}: ${NO_FONT_NAME} is in none of the page's fonts`,
      `template: ${placeOf(template, '\u{10900}')}: U+10900 "\u{10900}" is in none of the page's fonts`,
    ]);
  });
});
