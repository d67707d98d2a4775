// The built-in calendar layout fed Home Assistant's calendar events as `calendar.get_events` gives them (timed,
// all-day, one running since yesterday), read back by tesseract as a person reads the page: grouped by day under
// the day's name, all-day events first, start times, and a last line counting the events the page had no room for.

import { expect } from 'chai';
import { LAYOUTS, PageRenderer } from '../../dist/lib/render';
import { compact, readText } from './support';

/** A local date-time `days` from today at `hour:minute`, with the host's offset, as Home Assistant writes it. */
function at(days: number, hour: number, minute = 0): string {
  const time = new Date();
  time.setDate(time.getDate() + days);
  time.setHours(hour, minute, 0, 0);
  const offset = -time.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (value: number) => String(Math.floor(Math.abs(value))).padStart(2, '0');
  const local = new Date(time.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

function date(days: number): string {
  return at(days, 12).slice(0, 10);
}

/** Home Assistant's events, out of order as several calendars may give them. */
const EVENTS = [
  { summary: 'Dentist', start: at(0, 10, 30), end: at(0, 11, 15), location: 'Dr. Weber' },
  { summary: 'Plumber', start: at(1, 9, 0), end: at(1, 10, 0) },
  { summary: 'School', start: at(0, 8, 0), end: at(0, 15, 0), description: 'Term time' },
  { summary: 'Holiday week', start: date(-1), end: date(3) },
  { summary: 'Trip', start: date(1), end: date(2) },
  { summary: 'Market', start: at(2, 8, 0), end: at(2, 9, 0) },
  { summary: 'Piano', start: at(2, 16, 0), end: at(2, 17, 0) },
  { summary: 'Cinema', start: at(3, 20, 0), end: at(3, 22, 0) },
];

describe('render: the calendar layout fed Home Assistant’s events', function () {
  this.timeout(60_000);
  const renderer = new PageRenderer();
  const calendar = LAYOUTS.find((layout) => layout.id === 'calendar');
  let texts: string[];

  before(async () => {
    if (!calendar) throw new Error('no calendar layout');
    const pages = [];
    for (const language of ['en-US', 'zh-CN'] as const) {
      pages.push(
        await renderer.render({ template: calendar.template[language], message: { topic: 'Family', payload: EVENTS } }),
      );
    }
    pages.push(await renderer.render({ template: calendar.template['en-US'], message: { payload: [] } }));
    texts = await readText(pages);
  });
  after(async () => {
    await renderer.close();
  });

  it('groups the events by day under its name, all-day first, then by start time, and counts what did not fit', () => {
    const text = compact(texts[0]);
    const order = [
      'Family',
      'Today',
      'Allday',
      'Holidayweek',
      '8:00AM',
      'School',
      '10:30AM',
      'Dentist',
      'Tomorrow',
      'Allday',
      'Trip',
    ];
    let from = 0;
    for (const word of order) {
      const found = text.indexOf(word, from);
      expect(found, `"${word}" after what comes before it: ${texts[0]}`).to.be.at.least(0);
      from = found + word.length;
    }
    const shown = EVENTS.filter((event) => text.includes(compact(event.summary)));
    expect(text).to.include(`+${EVENTS.length - shown.length}more`);
    expect(shown.length).to.be.below(EVENTS.length);
  });

  it('writes the days and the times in Chinese on the Chinese page', () => {
    const text = compact(texts[1]);
    let from = 0;
    for (const word of ['Family', '今天', '全天', 'Holidayweek', '8:00', 'School', '明天', '全天', 'Trip']) {
      const found = text.indexOf(word, from);
      expect(found, `"${word}": ${texts[1]}`).to.be.at.least(0);
      from = found + word.length;
    }
    const shown = EVENTS.filter((event) => text.includes(compact(event.summary)));
    expect(text).to.match(new RegExp(`还有${EVENTS.length - shown.length}项`));
  });

  it('says when nothing is planned', () => {
    expect(compact(texts[2])).to.include('Nothingplanned');
  });
});
