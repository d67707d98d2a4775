import type { Layout } from './layout';

/** A notice: a bold title, the text, who it is from; framed. */
const template = `<div style="display:flex;flex-direction:column;width:100%;height:100%;padding:20px 24px;border:6px solid black">
  <div style="font-size:34px;font-weight:bold;margin-bottom:14px">{{payload.title}}</div>
  <div style="font-size:24px;line-height:1.4;flex-grow:1">{{payload.body}}</div>
  <div style="font-size:18px;align-self:flex-end">{{payload.from}}</div>
</div>`;

export const notice: Layout = {
  id: 'notice',
  title: { 'en-US': 'Notice', 'zh-CN': '通知' },
  template: { 'en-US': template, 'zh-CN': template },
  sample: {
    'en-US': {
      payload: {
        title: 'Room booked',
        body: 'The large meeting room is booked today from 2 to 4 PM for the quarterly review.',
        from: 'Office team',
      },
    },
    'zh-CN': {
      payload: { title: '会议室已预订', body: '今天下午两点到四点，大会议室用于季度总结会议。', from: '行政部' },
    },
  },
};
