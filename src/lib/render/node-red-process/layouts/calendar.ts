import type { Layout } from './layout';
import { localDate as date, localDateTime as at } from './sample-dates';

/**
 * The days ahead from Home Assistant's calendar: msg.payload is the events as `calendar.get_events` gives them
 * (`{summary, start, end, location?, description?}`; `start` and `end` date-times, or dates for all-day
 * events), msg.topic the calendar's name. The `agenda` helper orders them by day, all-day events first; each
 * day starts with its name (Today, Tomorrow, Thu, Nov 26); a summary too long for its line shrinks to 15 px before
 * it ends in "…" (its place, beside it, is cut first); the events that do not fit the page are counted on the last
 * line, in smaller type (18 px), and those kept share out the room (data-overflow).
 */
function template(
  lang: string,
  timeWidth: number,
  heading: string,
  allDay: string,
  more: string,
  empty: string,
): string {
  return `<div lang="${lang}" style="display:flex;flex-direction:column;width:100%;height:100%;padding:14px 18px">
  <div style="display:flex;flex-direction:row;align-items:center;border-bottom:3px solid black;padding-bottom:4px">
    <img src="icon:calendar-month-outline" style="width:28px;height:28px;margin-right:8px">
    <span style="font-size:26px;font-weight:bold;white-space:nowrap;flex-grow:1" data-fit="shrink" data-min-size="16">{{#topic}}{{topic}}{{/topic}}{{^topic}}${heading}{{/topic}}</span>
  </div>
  <div data-overflow="${more}" style="display:flex;flex-direction:column;flex-grow:1;font-size:18px">
    {{#payload | agenda}}
    <div style="display:flex;flex-direction:column;font-size:20px">
      {{#firstOfDay}}<div style="font-size:16px;font-weight:bold;margin-top:8px;border-bottom:1px solid black">{{day | day}}</div>{{/firstOfDay}}
      <div style="display:flex;flex-direction:row;align-items:baseline;margin-top:3px">
        <span style="width:${timeWidth}px;flex-shrink:0;white-space:nowrap">{{#allDay}}${allDay}{{/allDay}}{{^allDay}}{{start | time}}{{/allDay}}</span>
        <span style="flex:0 1 auto;min-width:0;white-space:nowrap" data-fit="shrink" data-min-size="15">{{summary}}</span>
        {{#location}}<span style="flex:1 1 0px;min-width:0;white-space:nowrap;font-size:15px;margin-left:6px" data-clamp="1">· {{location}}</span>{{/location}}
      </div>
    </div>
    {{/payload | agenda}}
    {{^payload}}<div style="margin-top:12px;font-size:20px">${empty}</div>{{/payload}}
  </div>
</div>`;
}

/** A week of a family's calendar, from today. */
function events(names: string[]): Record<string, unknown>[] {
  const [school, dentist, football, trip, plumber, dinner, market, piano, birthday] = names;
  return [
    { summary: school, start: at(0, 8, 15), end: at(0, 15, 30) },
    { summary: dentist, start: at(0, 10, 30), end: at(0, 11, 15), location: 'Dr. Weber' },
    { summary: football, start: at(0, 17, 0), end: at(0, 18, 30) },
    { summary: trip, start: date(1), end: date(3) },
    { summary: plumber, start: at(1, 9, 0), end: at(1, 10, 0) },
    { summary: dinner, start: at(1, 19, 30), end: at(1, 22, 0), location: 'Trattoria Roma' },
    { summary: market, start: at(2, 8, 0), end: at(2, 9, 0) },
    { summary: piano, start: at(2, 16, 0), end: at(2, 16, 45) },
    { summary: birthday, start: date(3), end: date(4) },
  ];
}

export const calendar: Layout = {
  id: 'calendar',
  title: { 'en-US': 'Calendar (Home Assistant)', 'zh-CN': '日程（Home Assistant）' },
  template: {
    'en-US': template('en-US', 98, 'Calendar', 'All day', '+{n} more', 'Nothing planned'),
    'zh-CN': template('zh-CN', 64, '日程', '全天', '还有 {n} 项', '没有安排'),
  },
  get sample() {
    return {
      'en-US': {
        topic: 'Family',
        payload: events([
          'School',
          'Dentist',
          'Football practice',
          'School trip',
          'Plumber',
          'Dinner with the Müllers',
          'Farmers market',
          'Piano lesson',
          "Grandma's birthday",
        ]),
      },
      'zh-CN': {
        topic: '家庭日程',
        payload: events([
          '上学',
          '看牙医',
          '足球训练',
          '学校旅行',
          '水管工上门',
          '和朋友聚餐',
          '早市',
          '钢琴课',
          '奶奶生日',
        ]),
      },
    };
  },
};
