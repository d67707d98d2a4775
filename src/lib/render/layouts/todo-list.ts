import type { Layout } from './layout';

/**
 * The to-do list as the todo-list node sends it (msg.payload = its list items): a box per item, filled when
 * completed, the title struck through then, bold when important or urgent, the due date on the right. A title
 * too long for its line ends in "…"; the items that do not fit the page are counted on the last line.
 */
function template(lang: string, heading: string, empty: string, more: string): string {
  return `<div lang="${lang}" style="display:flex;flex-direction:column;width:100%;height:100%;padding:16px 20px">
  <div style="display:flex;flex-direction:row;justify-content:space-between;align-items:baseline;border-bottom:3px solid black;padding-bottom:6px;margin-bottom:6px">
    <span style="font-size:30px;font-weight:bold">${heading}</span>
    <span style="font-size:18px">{{topic}}</span>
  </div>
  <div data-overflow="${more}" style="display:flex;flex-direction:column;flex-grow:1;font-size:22px">
  {{#payload}}
  <div style="display:flex;flex-direction:row;align-items:center;margin-top:8px">
    <div style="width:20px;height:20px;border:2px solid black;margin-right:12px;flex-shrink:0;{{#completed}}background:black;{{/completed}}"></div>
    <span style="flex-grow:1;{{#completed}}text-decoration:line-through;{{/completed}}{{#priority}}font-weight:bold;{{/priority}}" data-clamp="1">{{title}}</span>
    <span style="font-size:16px;margin-left:8px;white-space:nowrap">{{dueDate | date}} {{dueTime}}</span>
  </div>
  {{/payload}}
  {{^payload}}<div style="margin-top:12px">${empty}</div>{{/payload}}
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
    createDate: '2026-11-20 09:00:00',
    updateDate: '2026-11-20 09:00:00',
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
  sample: {
    'en-US': {
      topic: 'Kitchen',
      payload: [
        item(1, 'Buy milk', { priority: 2, dueDate: '2026-11-24' }),
        item(2, 'Call the plumber', { dueDate: '2026-11-25', dueTime: '09:30' }),
        item(3, 'Water the plants', { status: 1, completed: true }),
        item(4, 'Book train tickets', { priority: 1 }),
      ],
    },
    'zh-CN': {
      topic: '厨房',
      payload: [
        item(1, '买牛奶', { priority: 2, dueDate: '2026-11-24' }),
        item(2, '给水管工打电话', { dueDate: '2026-11-25', dueTime: '09:30' }),
        item(3, '给花浇水', { status: 1, completed: true }),
        item(4, '预订火车票', { priority: 1 }),
      ],
    },
  },
};
