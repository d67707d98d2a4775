import type { Layout } from './layout';

/**
 * A notice: a bold title, the text, who it is from; framed. A long title shrinks and takes at most two lines, a
 * long text shrinks to the room between the title and the "from" line, which stays on one line at the bottom;
 * what does not fit even at the smallest size ends in "…" (and the node warns), inside the frame.
 */
const template = `<div style="display:flex;flex-direction:column;width:100%;height:100%;padding:20px 24px;border:6px solid black">
  <div style="font-size:34px;font-weight:bold;margin-bottom:14px;flex-shrink:0;max-height:94px" data-fit="shrink" data-min-size="20" data-clamp="2">{{payload.title}}</div>
  <div style="font-size:24px;line-height:1.4;flex:1 1 0px;min-height:0" data-fit="shrink" data-min-size="14">{{payload.body}}</div>
  <div style="font-size:18px;align-self:flex-end;max-width:100%;flex-shrink:0;white-space:nowrap;margin-top:4px" data-fit="shrink" data-min-size="12">{{payload.from}}</div>
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
