// The state as the page and /sim/state see it: plain JSON, images as data URLs, the task lists as a phone
// shows them, and the readings the simulator plays.

import { taskListViews, type TaskListView } from './phone-tasks';
import type { ServiceReadings } from './readings';
import {
  emptyPageSlots,
  type PageSlots,
  type SimDevice,
  type SimImage,
  type SimPage,
  type SimState,
  syncIntervalOf,
  type TodoListItem,
  toListItem,
  todosInIdOrder,
} from './state';

interface PushInfo {
  pushedAt: string;
  persistent: boolean;
}
export type PageView =
  | (PushInfo & { kind: 'text'; text: string; fontSize: number })
  | (PushInfo & { kind: 'structured'; title: string; body: string })
  | (PushInfo & { kind: 'image'; images: string[]; dither: boolean });

export interface DeviceView extends SimDevice {
  syncInterval: number;
  /** Five entries, pageId '1'..'5'; content null for an empty page. */
  pages: { pageId: string; content: PageView | null }[];
  /** The last push without a pageId: the device's current, temporary screen, no page; null when none came. */
  temporaryScreen: PageView | null;
}

export interface StateSnapshot {
  devices: DeviceView[];
  /** Every to-do, whatever the readings: the page shows the account as it is. */
  todos: TodoListItem[];
  /** The CalDAV server's task lists, each task as another client of the user shows it. */
  taskLists: TaskListView[];
  readings: ServiceReadings;
}

function dataUrl(image: SimImage): string {
  return `data:${image.contentType};base64,${image.data.toString('base64')}`;
}

function pageView(page: SimPage): PageView {
  const info: PushInfo = { pushedAt: new Date(page.pushedAt).toISOString(), persistent: page.persistent };
  switch (page.kind) {
    case 'text':
      return { ...info, kind: 'text', text: page.text, fontSize: page.fontSize };
    case 'structured':
      return { ...info, kind: 'structured', title: page.title, body: page.body };
    case 'image':
      return { ...info, kind: 'image', images: page.images.map(dataUrl), dither: page.dither };
  }
}

function pagesView(slots: PageSlots): DeviceView['pages'] {
  return slots.map((page, index) => ({ pageId: String(index + 1), content: page ? pageView(page) : null }));
}

function screenView(screen: SimPage | undefined): PageView | null {
  return screen ? pageView(screen) : null;
}

export function stateSnapshot(state: SimState, readings: Readonly<ServiceReadings>): StateSnapshot {
  return {
    devices: state.devices.map((device) => ({
      deviceId: device.deviceId,
      alias: device.alias,
      board: device.board,
      syncInterval: syncIntervalOf(state, device.deviceId),
      pages: pagesView(state.pages.get(device.deviceId) ?? emptyPageSlots()),
      temporaryScreen: screenView(state.temporaryScreens.get(device.deviceId)),
    })),
    todos: todosInIdOrder(state).map((todo) => toListItem(state, todo)),
    taskLists: taskListViews(state.calendars),
    readings: { ...readings },
  };
}
