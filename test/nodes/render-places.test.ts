// Where the render node says a template's mistake or warning is: the line and column the author typed, in the
// template, whatever the placeholders filled in (long values, lists of items on several lines, sections, partials,
// triple mustaches, helpers). Each place is found here in the template's own text, as an editor counts it, and
// compared with the error a Catch node got or the warning the node logged.

import { expect } from 'chai';
import { caughtOf, Harness, loadAgain, outputOf } from '../support/harness';
import type { NodeMessage, TestNode } from '../support/node-red';
import { LIST_ITEMS, LIST_MISTAKE, LIST_WITH_MISTAKE, placeOf, WARNED_LIST } from '../support/template-place';

const TYPE = 'device-cloud-render';
describe(`${TYPE}: errors and warnings at the template's own line and column`, function () {
  this.timeout(60_000);
  const h = Harness.forSuite();

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

  it('names a mistake on line 5 after a partial and a list of five items of three lines each on line 5, after helpers too', async () => {
    expect(await errorOf(LIST_WITH_MISTAKE, { payload: { items: LIST_ITEMS, note: 'note' } })).to.equal(
      `DeviceCloudError: ${LIST_MISTAKE}`,
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
    expect(await errorOf(open, { payload: { a: 'x', items: LIST_ITEMS } })).to.equal(
      `DeviceCloudError: template: ${placeOf(open, '{{#payload.items}}')}: placeholder error: ` +
        'Unclosed section "payload.items"',
    );
    const helper = '<div>\n  {{#payload.items}}<p>{{title}} {{price|numbr:2}}</p>{{/payload.items}}\n</div>';
    expect(await errorOf(helper, { payload: { items: LIST_ITEMS } })).to.match(
      new RegExp(
        `^DeviceCloudError: template: ${placeOf(helper, '{{price')}: \\{\\{price \\| numbr: 2\\}\\}: there is no helper "numbr"`,
      ),
    );
  });

  it('warns at the placeholder of a character no font has in a list item, at its own place in typed text, and of text cut in a list item where its element is written', async () => {
    const node = await loadRender(WARNED_LIST.template);
    const warnings: string[] = [];
    node.on('call:warn', (call: { args: unknown[] }) => warnings.push(String(call.args[0])));
    outputOf(await h.send(WARNED_LIST.message, { timeoutMs: 30_000 }));
    expect(warnings).to.have.length(3);
    const cut = warnings.find((warning) => WARNED_LIST.cut.test(warning));
    expect(cut, warnings.join('\n')).to.be.a('string');
    expect(warnings.filter((warning) => warning !== cut)).to.deep.equal(WARNED_LIST.missing);
  });
});
