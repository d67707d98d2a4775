import type { Layout } from './layout';
import { localDateTime } from './sample-dates';

/**
 * One reading, large: a label above, the value and its unit, a note and the reading's time below (an ISO
 * date-time or epoch milliseconds, written as the page's language writes a time). The label and the value
 * shrink to the page's width when long; so does the note, beside the time, which stays whole: the note and the
 * time keep to one line (a note too long even at 14 px ends in "…", and the node warns).
 */
function template(lang: string): string {
  return `<div lang="${lang}" style="display:flex;flex-direction:column;justify-content:space-between;width:100%;height:100%;padding:20px 24px">
  <div style="font-size:30px;font-weight:bold;white-space:nowrap" data-fit="shrink" data-min-size="16">{{payload.label}}</div>
  <div style="display:flex;flex-direction:row;align-items:baseline;justify-content:center">
    <span style="font-size:120px;font-weight:bold;white-space:nowrap" data-fit="shrink" data-min-size="40">{{payload.value}}</span>
    <span style="font-size:40px;margin-left:8px">{{payload.unit}}</span>
  </div>
  <div style="display:flex;flex-direction:row;justify-content:space-between;font-size:20px">
    <span style="white-space:nowrap;flex:0 1 auto;min-width:0" data-fit="shrink" data-min-size="14">{{payload.note}}</span>
    <span style="white-space:nowrap;flex-shrink:0;margin-left:12px">{{payload.time | time}}</span>
  </div>
</div>`;
}

export const bigValue: Layout = {
  id: 'big-value',
  title: { 'en-US': 'Big value', 'zh-CN': '大号数值' },
  template: { 'en-US': template('en-US'), 'zh-CN': template('zh-CN') },
  get sample() {
    return {
      'en-US': {
        payload: {
          label: 'Living room',
          value: '21.4',
          unit: '°C',
          note: 'Humidity 48%',
          time: localDateTime(0, 14, 5),
        },
      },
      'zh-CN': {
        payload: { label: '客厅温度', value: '21.4', unit: '°C', note: '湿度 48%', time: localDateTime(0, 14, 5) },
      },
    };
  },
};
