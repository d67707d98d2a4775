// Dates and numbers without code: template helpers, drawn on a host without fonts in another time zone
// (Asia/Shanghai, 8 hours ahead of UTC) and read back by tesseract in English and Chinese; numbers given as text,
// units Intl writes and others, dates as digits or a day alone, moments days, months and years away.

import { expect } from 'chai';
import { PageRenderer } from '../../dist/lib/render';
import { DeviceCloudError } from '../../dist/lib/errors';
import { compact, readText } from './support';
import { canHideHostFonts, drawWithoutHostFonts } from './without-host-fonts';

const HOUR = 3600_000;

function page(lang: string, lines: string[]): string {
  return `<div lang="${lang}" style="padding:10px;font-size:26px">${lines.map((line) => `<div>${line}</div>`).join('')}</div>`;
}

const LINES = [
  '{{payload.iso | date: long}}',
  'at {{payload.iso | time: 24h}}',
  '{{payload.epoch | weekday}} {{payload.epoch | date}}',
  'next {{payload.soon | relative}}',
  '{{payload.temp | number: 1 °C}} {{payload.energy | number: 1 kWh}}',
  'state {{payload.broken | date}}',
  'due {{payload.dueTime | time}} {{payload.noClock | time}}',
];

/** Numbers given as text, units Intl writes and units it does not, dates as digits and date-only, far moments. */
const MORE_LINES = [
  'share {{payload.share | number: 0 %}} at {{payload.speed | number: 0 kilometer-per-hour}}',
  'pace {{payload.pace | number: 2 km/h}} of {{payload.words | number}}',
  'on {{payload.day | date: long}} or {{payload.digits | date: long}}',
  'due {{payload.tomorrow | relative: long}}, {{payload.later | relative: long}}, {{payload.much | relative: long}}',
];

/** A date (yyyy-mm-dd) some days from today in Shanghai. */
function shanghaiDate(days: number): string {
  return new Date(Date.now() + 8 * HOUR + days * 24 * HOUR).toISOString().slice(0, 10);
}

describe('render: template helpers for dates and numbers', function () {
  this.timeout(60_000);
  let texts: string[];

  before(async function () {
    if (!canHideHostFonts()) this.skip(); // a private mount namespace needs root
    const message = {
      payload: {
        // 06:00 UTC is 14:00 in Shanghai; the epoch is Monday 23 November 2026, 23:30 UTC: Tuesday in Shanghai.
        iso: '2026-11-24T06:00:00Z',
        epoch: Date.UTC(2026, 10, 23, 23, 30),
        soon: Date.now() + 2 * HOUR + 5 * 60_000,
        temp: 21.456,
        energy: 1234.46,
        broken: 'unavailable',
        // A to-do's time of day, and one that is none.
        dueTime: '19:05',
        noClock: '25:70',
      },
    };
    const pages = await drawWithoutHostFonts(
      [
        { template: page('en-US', LINES), message, width: 500, height: 300, layoutRules: 'html' },
        { template: page('zh-CN', LINES), message, width: 500, height: 300, layoutRules: 'html' },
        {
          template: page('en-US', MORE_LINES),
          message: {
            payload: {
              share: ' 42.4 ',
              speed: 88,
              pace: '3.5',
              words: 'seven',
              day: '2026-12-24',
              // 2027-01-01 07:05:09 UTC, 15:05 in Shanghai.
              digits: '1798787109000',
              tomorrow: shanghaiDate(1),
              later: Date.now() + 40 * 24 * HOUR,
              much: Date.now() + 400 * 24 * HOUR,
            },
          },
          width: 700,
          height: 300,
          layoutRules: 'html',
        },
      ],
      { TZ: 'Asia/Shanghai' },
    );
    for (const drawn of pages) expect(drawn.error).to.equal(undefined);
    texts = await readText(pages.map((drawn) => drawn.png));
  });

  it('writes dates and times in the page’s language and the host’s time zone', () => {
    const [english, chinese] = texts.map(compact);
    expect(english).to.include('November24,2026');
    expect(english).to.include('at14:00');
    expect(english).to.include('TuesdayTue,Nov24');
    expect(chinese).to.include('2026年11月24日');
    expect(chinese).to.include('at14:00');
    expect(chinese).to.include('星期二11月24日周二');
  });

  it('writes a time from now, rounds numbers with their units, and draws a value that is no date as it is', () => {
    const [english, chinese] = texts.map(compact);
    expect(english, texts[0]).to.include('nextin2hr');
    expect(chinese).to.include('next2小时后');
    // tesseract reads "kWh" in lower case.
    expect(english.toLowerCase()).to.include('21.5°c1,234.5kwh');
    expect(english).to.include('stateunavailable');
  });

  it('reads numbers given as text, writes units Intl knows as it writes them and others after the number', () => {
    const more = compact(texts[2]);
    expect(more, texts[2]).to.include('share42%at88km/h');
    expect(more, texts[2]).to.include('pace3.50km/hofseven');
  });

  it('reads a date alone and digits as milliseconds; a day as tomorrow, far moments in months and years', () => {
    const more = compact(texts[2]);
    expect(more, texts[2]).to.include('onDecember24,2026orJanuary1,2027');
    expect(more, texts[2]).to.include('duetomorrow,nextmonth,nextyear');
  });

  it('writes a time of day (a to-do’s 19:05) as the language writes a time, and one that is none as it is', () => {
    const [english, chinese] = texts.map(compact);
    expect(english, texts[0]).to.include('due7:05PM25:70');
    expect(chinese, texts[1]).to.include('due19:0525:70');
  });

  it('refuses a helper it does not know, or a choice a helper does not take, naming the placeholder and its place', async () => {
    const renderer = new PageRenderer();
    try {
      for (const [template, text] of [
        [
          '<p>{{payload | dat}}</p>',
          'template: line 1, column 4: {{payload | dat}}: there is no helper "dat" (helpers: date, time,',
        ],
        [
          '<p>\n  {{payload|date:huge}}</p>',
          'template: line 2, column 3: {{payload | date: huge}}: the helper date takes full, long, medium, short',
        ],
        ['<p lang="en_US!">{{payload}}</p>', 'template: lang="en_US!" is not a language tag'],
        [
          '<p>{{payload.length | number: one}}</p>',
          'template: line 1, column 4: {{payload.length | number: one}}: the helper number takes the digits after the point, 0 to 20 (not "one")',
        ],
      ]) {
        const error = await renderer
          .render({ template, message: { payload: '2026-11-24' } })
          .catch((caught: unknown) => caught);
        expect(error).to.be.instanceOf(DeviceCloudError);
        expect((error as DeviceCloudError).message).to.include(text);
      }
    } finally {
      await renderer.close();
    }
  });
});
