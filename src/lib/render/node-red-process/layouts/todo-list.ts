import type { Layout } from './layout';
import { localDate, localDateTime } from './sample-dates';

/**
 * The to-do list as the todo-list node sends it (msg.payload = its list items): an empty box per item, a ticked
 * one when completed (the title left whole, not struck through: it stays readable at a glance), bold when
 * important or urgent, the day it is due (Today, Tomorrow, Thu, Nov 26) and its time on the right, written as the
 * page's language writes a time. The title takes all the row the due day leaves, and shrinks to 16 px (the due
 * day's size) before it ends in "…". The overflow line's smaller type (18 px) takes less room than a row; when
 * items are left out, the rows kept and the line share out the list's room (data-overflow).
 */
function template(lang: string, heading: string, empty: string, more: string): string {
  return `<div lang="${lang}" style="display:flex;flex-direction:column;width:100%;height:100%;padding:16px 20px">
  <div style="display:flex;flex-direction:row;justify-content:space-between;align-items:baseline;border-bottom:3px solid black;padding-bottom:6px">
    <span style="font-size:30px;font-weight:bold;white-space:nowrap">${heading}</span>
    <span style="font-size:18px;white-space:nowrap;margin-left:12px" data-clamp="1">{{topic}}</span>
  </div>
  <div data-overflow="${more}" style="display:flex;flex-direction:column;gap:6px;flex-grow:1;padding-top:4px;font-size:18px">
  {{#payload}}
  <div style="display:flex;flex-direction:row;align-items:center;font-size:22px">
    <img src="icon:{{#completed}}checkbox-marked-outline{{/completed}}{{^completed}}checkbox-blank-outline{{/completed}}" style="width:26px;height:26px;margin-right:8px;flex-shrink:0">
    <span style="flex:1 1 0px;min-width:0;white-space:nowrap;{{#priority}}font-weight:bold;{{/priority}}" data-fit="shrink" data-min-size="16">{{title}}</span>
    <span style="flex-shrink:0;font-size:16px;margin-left:8px;white-space:nowrap">{{dueDate | day}}{{#dueTime}} {{dueTime | time}}{{/dueTime}}</span>
  </div>
  {{/payload}}
  {{^payload}}<div style="font-size:22px">${empty}</div>{{/payload}}
  </div>
</div>`;
}

function item(id: number, title: string, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
    title,
    description: '',
    dueDate: '',
    dueTime: '',
    repeatType: 0,
    status: 0,
    priority: 0,
    completed: false,
    deviceId: 'AA:BB:CC:DD:EE:01',
    deviceName: 'Kitchen',
    createDate: localDateTime(-2, 9).replace('T', ' '),
    updateDate: localDateTime(-2, 9).replace('T', ' '),
    ...extra,
  };
}

export const todoList: Layout = {
  id: 'todo-list',
  title: { 'en-US': 'To-do list', 'zh-CN': '待办清单' },
  template: {
    'en-US': template('en-US', 'To do', 'Nothing to do', '+{n} more'),
    'zh-CN': template('zh-CN', '待办事项', '没有待办事项', '还有 {n} 项'),
  },
  get sample() {
    return {
      'en-US': {
        topic: 'Kitchen',
        payload: [
          item(1, 'Buy milk', { priority: 2, dueDate: localDate(0) }),
          item(2, 'Take out the bins', { dueDate: localDate(0), dueTime: '19:00' }),
          item(3, 'Call the plumber', { dueDate: localDate(1) }),
          item(4, 'Water the plants', { status: 1, completed: true }),
          item(5, 'Book train tickets', { priority: 1 }),
        ],
      },
      'zh-CN': {
        topic: '厨房',
        payload: [
          item(1, '买牛奶', { priority: 2, dueDate: localDate(0) }),
          item(2, '扔垃圾', { dueDate: localDate(0), dueTime: '19:00' }),
          item(3, '给水管工打电话', { dueDate: localDate(1) }),
          item(4, '给花浇水', { status: 1, completed: true }),
          item(5, '预订火车票', { priority: 1 }),
        ],
      },
    };
  },
};
