import type { Layout } from './layout';

/** One reading, large: a label above, the value and its unit, a note and a time below. */
const template = `<div style="display:flex;flex-direction:column;justify-content:space-between;width:100%;height:100%;padding:20px 24px">
  <div style="font-size:30px;font-weight:bold">{{payload.label}}</div>
  <div style="display:flex;flex-direction:row;align-items:baseline;justify-content:center">
    <span style="font-size:120px;font-weight:bold">{{payload.value}}</span>
    <span style="font-size:40px;margin-left:8px">{{payload.unit}}</span>
  </div>
  <div style="display:flex;flex-direction:row;justify-content:space-between;font-size:20px">
    <span>{{payload.note}}</span>
    <span>{{payload.time}}</span>
  </div>
</div>`;

export const bigValue: Layout = {
  id: 'big-value',
  title: { 'en-US': 'Big value', 'zh-CN': '大号数值' },
  template: { 'en-US': template, 'zh-CN': template },
  sample: {
    'en-US': { payload: { label: 'Living room', value: '21.4', unit: '°C', note: 'Humidity 48%', time: '14:05' } },
    'zh-CN': { payload: { label: '客厅温度', value: '21.4', unit: '°C', note: '湿度 48%', time: '14:05' } },
  },
};
