import type { Layout } from './layout';
import { localDate } from './sample-dates';

/**
 * A day's weather: the place and date, the sky's icon (Home Assistant's condition: `sunny`, `partlycloudy`,
 * `rainy`…) and the temperature now, the day's low, high and rain, the hours as a line (its axis written as the
 * language writes a time). The place, the date, the sky and each figure stay on one line, a long place shrinking
 * (then ending in "…", and the node warns) beside the date; the chart and its axis keep their room at the bottom.
 */
function template(lang: string, low: string, high: string, rain: string, hoursAxis: string[]): string {
  return `<div lang="${lang}" style="display:flex;flex-direction:column;width:100%;height:100%;padding:16px 20px">
  <div style="display:flex;flex-direction:row;justify-content:space-between;align-items:baseline;flex-shrink:0">
    <span style="font-size:28px;font-weight:bold;white-space:nowrap;flex:0 1 auto;min-width:0" data-fit="shrink" data-min-size="16">{{payload.place}}</span>
    <span style="font-size:18px;white-space:nowrap;flex-shrink:0;margin-left:12px">{{payload.date | date}}</span>
  </div>
  <div style="display:flex;flex-direction:row;align-items:center;margin-top:6px;flex-shrink:0">
    <img src="icon:weather:{{payload.condition}}" style="width:72px;height:72px;margin-right:6px">
    <span style="font-size:64px;font-weight:bold;white-space:nowrap;flex-shrink:0">{{payload.now}}°</span>
    <div style="display:flex;flex-direction:column;margin-left:16px;font-size:20px;flex-grow:1;min-width:0">
      <span style="font-weight:bold;font-size:26px;white-space:nowrap" data-fit="shrink" data-min-size="16">{{payload.sky}}</span>
      <span style="white-space:nowrap" data-fit="shrink" data-min-size="14">${low} {{payload.low}}° · ${high} {{payload.high}}°</span>
      <span style="white-space:nowrap" data-fit="shrink" data-min-size="14">${rain} {{payload.rain}}%</span>
    </div>
  </div>
  <img src="chart:line" data-values="{{payload.hours}}" data-line="3" style="width:360px;height:70px;margin-top:8px;flex-shrink:0">
  <div style="display:flex;flex-direction:row;justify-content:space-between;font-size:14px;margin-top:2px;flex-shrink:0;white-space:nowrap">
    ${hoursAxis.map((hour) => `<span>${hour}</span>`).join('')}
  </div>
</div>`;
}

const hours = [6, 5, 5, 4, 4, 4, 5, 7, 9, 11, 13, 14, 15, 16, 16, 15, 14, 12, 10, 9, 8, 7, 7, 6];

export const weather: Layout = {
  id: 'weather',
  title: { 'en-US': "Today's weather", 'zh-CN': '今日天气' },
  template: {
    'en-US': template('en-US', 'Low', 'High', 'Rain', ['12 AM', '12 PM', '12 AM']),
    'zh-CN': template('zh-CN', '最低', '最高', '降水', ['0:00', '12:00', '24:00']),
  },
  get sample() {
    return {
      'en-US': {
        payload: {
          place: 'Berlin',
          date: localDate(0),
          condition: 'cloudy',
          now: 12,
          sky: 'Cloudy',
          low: 4,
          high: 16,
          rain: 30,
          hours,
        },
      },
      'zh-CN': {
        payload: {
          place: '北京',
          date: localDate(0),
          condition: 'cloudy',
          now: 12,
          sky: '多云',
          low: 4,
          high: 16,
          rain: 30,
          hours,
        },
      },
    };
  },
};
