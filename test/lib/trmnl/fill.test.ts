// A recipe's page filled (src/lib/trmnl/fill.ts and around): the view chosen by the page's size, the data and
// the custom fields at the top level, the `trmnl` variables with their overrides, the page wrapped as TRMNL
// wraps it, its scripts out with a warning per kind, what cannot be fetched listed; the polling request.

import { expect } from 'chai';
import {
  compileRecipe,
  fillRecipe,
  polledData,
  pollingRequest,
  recipeFromText,
  viewForSize,
  viewSize,
  type FillOptions,
  type PastedRecipe,
} from '../../../dist/lib/trmnl';

const NOW = Date.UTC(2026, 1, 3, 15, 29, 9);

function fill(pasted: PastedRecipe, options: FillOptions = {}): ReturnType<typeof fillRecipe> {
  return fillRecipe(compileRecipe(recipeFromText(pasted)), { now: NOW, ...options });
}

/** What the view holds, without TRMNL's wrapping. */
function viewBody(html: string): string {
  return /<div class="view view--\w+">([\s\S]*?)<\/div>(?:<\/div>)?<\/div><\/div>$/.exec(html)?.[1] ?? html;
}

const FOUR_VIEWS = { full: 'F', half_horizontal: 'HH', half_vertical: 'HV', quadrant: 'Q' };

describe('TRMNL recipes: filling a page', () => {
  it('picks the view by the page size: nearest in shape and area, turned for an upright page', () => {
    const sizes: [number, number, string][] = [
      [800, 480, 'full'],
      [800, 240, 'half_horizontal'],
      [400, 480, 'half_vertical'],
      [400, 240, 'quadrant'],
      [400, 300, 'quadrant'],
      [1040, 780, 'full'],
      [800, 600, 'full'],
      [296, 128, 'quadrant'],
      [480, 800, 'full'],
      [240, 800, 'half_vertical'],
      [480, 400, 'half_horizontal'],
    ];
    for (const [width, height, view] of sizes)
      expect(viewForSize(width, height), `${width} x ${height}`).to.equal(view);
    expect(fill({ markup: FOUR_VIEWS }, { width: 800, height: 240 }).view).to.equal('half_horizontal');
    expect(viewBody(fill({ markup: FOUR_VIEWS }, { width: 400, height: 300 }).html)).to.equal('Q');
    expect(fill({ markup: FOUR_VIEWS }, { view: 'half_vertical' }).view).to.equal('half_vertical');
    expect(viewSize('half_horizontal', true)).to.deep.equal({ width: 480, height: 400 });
  });

  it('falls back to full when the view is missing, and says so', () => {
    const page = fill({ markup: { full: 'F', quadrant: 'Q' } }, { width: 800, height: 240 });
    expect(page.view).to.equal('full');
    expect(page.warnings).to.deep.equal(['the recipe has no half_horizontal view: its full view is drawn']);
    expect(fill({ markup: 'only' }, { view: 'quadrant' }).view).to.equal('full');
  });

  it('wraps the page as TRMNL does, with the screen classes of size, orientation, bit depth, dark mode, padding', () => {
    const full = fill({ markup: '<p>hi</p>' });
    expect(full.html).to.equal(
      '<div class="environment trmnl"><div class="screen screen--1bit screen--og screen--md screen--fonts-trmnl ' +
        'screen--density-1x"><div class="view view--full"><p>hi</p></div></div></div>',
    );
    const quadrant = fill({ markup: { full: 'F', quadrant: 'Q' } }, { width: 400, height: 240 });
    expect(quadrant.html).to.include('<div class="mashup mashup--2x2"><div class="view view--quadrant">Q</div></div>');
    const settings = "dark_mode: 'yes'\nno_screen_padding: 'yes'";
    const upright = fill({ markup: 'x', settings }, { width: 480, height: 800, bitDepth: 2 });
    expect(upright.screenClasses).to.deep.equal([
      'screen',
      'screen--2bit',
      'screen--og',
      'screen--md',
      'screen--portrait',
      'screen--no-bleed',
      'screen--dark-mode',
      'screen--fonts-trmnl',
      'screen--density-1x',
      'dark-mode',
    ]);
    const large = fill({ markup: 'x', settings }, { width: 1040, height: 780, bitDepth: 4, darkMode: false });
    expect(large.screenClasses).to.deep.equal([
      'screen',
      'screen--4bit',
      'screen--lg',
      'screen--no-bleed',
      'screen--fonts-trmnl',
      'screen--density-1x',
    ]);
  });

  it('refuses a page size or bit depth that is not one, naming the field', () => {
    expect(() => fill({ markup: 'x' }, { width: 0 })).to.throw('width: must be a whole number of pixels, 1 or more');
    expect(() => fill({ markup: 'x' }, { bitDepth: 3 as never })).to.throw('bitDepth: must be 1, 2 or 4');
  });

  it('puts the data at the top level (an array as data), static_data when no data is given', () => {
    expect(viewBody(fill({ markup: '{{ title }}' }, { data: { title: 'Hello' } }).html)).to.equal('Hello');
    expect(viewBody(fill({ markup: '{{ data.size }}:{{ data[1] }}' }, { data: [5, 6, 7] }).html)).to.equal('3:6');
    expect(viewBody(fill({ markup: '{{ data }}' }, { data: 'plain text' }).html)).to.equal('plain text');
    const settings = 'strategy: static\nstatic_data: \'{"title": "static"}\'';
    expect(viewBody(fill({ markup: '{{ title }}', settings }).html)).to.equal('static');
    expect(viewBody(fill({ markup: '{{ title }}', settings }, { data: { title: 'given' } }).html)).to.equal('given');
  });

  it('puts the custom fields at the top level and in trmnl.plugin_settings, defaults overridden by values given', () => {
    const settings = [
      'name: Weather',
      'custom_fields:',
      '- {keyname: city, field_type: string, name: City, default: Paris}',
      '- {keyname: units, field_type: select, name: Units, default: metric, options: [metric, imperial]}',
      '- {keyname: key, field_type: password, name: Key}',
    ].join('\n');
    const markup =
      '{{ city }}/{{ units }}/{{ key }}|{{ trmnl.plugin_settings.custom_fields_values | json }}|{{ trmnl.plugin_settings.instance_name }}';
    const page = fill({ markup, settings }, { fields: { units: 'imperial', extra: 7 } });
    expect(viewBody(page.html)).to.equal('Paris/imperial/|{"city":"Paris","units":"imperial","extra":"7"}|Weather');
  });

  it('gives trmnl variables a Node-RED user expects, each overridable as msg.trmnl, a time zone with its offset', () => {
    const markup =
      '{{ trmnl.user.name }}|{{ trmnl.user.locale }}|{{ trmnl.device.width }}x{{ trmnl.device.height }}|' +
      '{{ trmnl.system.timestamp_utc }}|{{ trmnl.user.time_zone_iana }}|{{ trmnl.user.utc_offset }}|' +
      '{{ trmnl.plugin_settings.strategy }}|{{ trmnl.plugin_settings.dark_mode }}';
    const defaults = viewBody(fill({ markup }, { width: 400, height: 300 }).html).split('|');
    expect(defaults.slice(0, 4)).to.deep.equal(['Node-RED', 'en', '400x300', String(NOW / 1000)]);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(defaults[4]).to.equal(zone);
    expect(defaults.slice(6)).to.deep.equal(['polling', 'no']);

    const overridden = fill(
      { markup },
      { trmnl: { user: { name: 'Ada', locale: 'de', time_zone_iana: 'Asia/Tokyo' } } },
    );
    expect(viewBody(overridden.html).split('|').slice(0, 6)).to.deep.equal([
      'Ada',
      'de',
      '800x480',
      String(NOW / 1000),
      'Asia/Tokyo',
      '32400',
    ]);
    const berlinSummer = fill(
      { markup: '{{ trmnl.user.utc_offset }}' },
      {
        now: Date.UTC(2026, 6, 1),
        trmnl: { user: { time_zone_iana: 'Europe/Berlin' } },
      },
    );
    expect(viewBody(berlinSummer.html)).to.equal('7200');
    expect(() => fill({ markup: 'x' }, { trmnl: { user: { time_zone_iana: 'Mars/Olympus' } } })).to.throw(
      'trmnl.user.time_zone_iana: is not a time zone the runtime knows',
    );
  });

  it('takes scripts out with one warning per kind, names chart libraries, lists what is not fetched', () => {
    const markup = [
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400,700">',
      '<style>@font-face { src: url(https://cdn.example/f.woff2) } .a { background: url("https://img.example/bg.png") }</style>',
      '<script src="https://code.highcharts.com/highcharts.js"></script>',
      '<script>Highcharts.chart("c", {});</script><script>window.x = 1;</script>',
      '<script type="application/json" id="d">{"a": 1}</script>',
      '<img src="https://img.example/a.png"><img src="data:image/png;base64,AA=="><img src="/local.png">',
      '<div id="c"></div>',
    ].join('\n');
    const page = fill({ markup });
    expect(page.html).not.to.include('<script');
    expect(page.html).to.include('<div id="c"></div>');
    expect(page.warnings).to.deep.equal([
      'the script https://code.highcharts.com/highcharts.js is not run: scripts do not run here',
      '2 inline <script> elements are not run: scripts do not run here',
      'a chart drawn by Highcharts is not drawn: it needs a script',
      'the stylesheet https://fonts.googleapis.com/css2?family=Inter:wght@400,700 is not fetched',
      'a remote font is not fetched: https://cdn.example/f.woff2',
      '2 remote pictures are not fetched: https://img.example/a.png, https://img.example/bg.png',
    ]);
    expect(page.remotePictures).to.deep.equal(['https://img.example/a.png', 'https://img.example/bg.png']);
    const allowed = fill({ markup }, { allowRemotePictures: true });
    expect(allowed.warnings.some((warning) => warning.includes('remote picture'))).to.equal(false);
    expect(allowed.remotePictures).to.have.length(2);
  });

  it('gives the polling request: URLs one a line, Liquid with the fields, headers decoded, several as IDX_n', () => {
    const recipe = recipeFromText({
      markup: 'x',
      settings: [
        'polling_url: "https://a.example/{{ city | url_encode }}\\r\\n\\r\\n{% if extra %}https://b.example/?u={{ trmnl.user.id }}{% endif %}"',
        'polling_verb: post',
        "polling_headers: 'Authorization=Bearer%20{{ key }}&Accept=application/json&broken'",
        'polling_body: \'{"q": "{{ city }}"}\'',
        'custom_fields:',
        '- {keyname: city, field_type: string, name: City, default: New York}',
        '- {keyname: key, field_type: password, name: Key}',
        '- {keyname: extra, field_type: string, name: Extra}',
      ].join('\n'),
    });
    const request = pollingRequest(recipe, { fields: { key: 's3cret', extra: 'yes' } });
    expect(request).to.deep.equal({
      urls: ['https://a.example/New+York', 'https://b.example/?u=1'],
      verb: 'POST',
      headers: { Authorization: 'Bearer s3cret', Accept: 'application/json' },
      body: '{"q": "New York"}',
      warnings: [],
    });
    expect(pollingRequest(recipe).urls).to.deep.equal(['https://a.example/New+York']);
    expect(polledData([[1, 2]])).to.deep.equal({ data: [1, 2] });
    expect(polledData([{ a: 1 }, [2]])).to.deep.equal({ IDX_0: { a: 1 }, IDX_1: { data: [2] } });
  });
});
