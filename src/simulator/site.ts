// The simulator's page for people and what it asks for: the page (/), the state
// (/sim/state, and /sim/events as it changes), and the changes a person makes there: to a to-do, as on a device
// (device-todos.ts), and to a task, as on a phone's CalDAV client (phone-tasks.ts).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { changeOnDevice, DEVICE_TODO_ROUTE } from './device-todos';
import type { EventStream } from './events';
import { changeOnPhone, PHONE_TASK_ROUTE } from './phone-tasks';
import { readBody } from './recording';
import { sendJson, sendPage } from './respond';
import type { StateSnapshot } from './snapshot';
import type { SimState } from './state';

/** A change on the page is a small JSON body (a title). */
const PAGE_CHANGE_BYTES = 64 * 1024;
const PAGE_ROUTES = ['/', '/index.html', '/sim/state', '/sim/events'];

export interface Site {
  state: SimState;
  apiKey: string;
  events: EventStream;
  snapshot(): StateSnapshot;
  /** The state changed: the page and the state file are told. */
  changed(): void;
}

export async function answerSite(site: Site, request: IncomingMessage, response: ServerResponse, url: URL) {
  const route = url.pathname;
  const method = request.method ?? 'GET';
  const onDevice = DEVICE_TODO_ROUTE.exec(route);
  const onPhone = PHONE_TASK_ROUTE.exec(route);
  if (onDevice || onPhone) {
    const body = await readBody(request, PAGE_CHANGE_BYTES);
    const answer = onDevice
      ? changeOnDevice(site.state, method, Number(onDevice[1]), onDevice[2], body.data)
      : changeOnPhone(site.state.calendars, method, onPhone as RegExpExecArray, body.data);
    if (answer.status === 200) site.changed();
    sendJson(response, answer.status, answer.body);
    return;
  }
  if (!PAGE_ROUTES.includes(route)) {
    sendJson(response, 404, { code: 404, msg: 'not found' });
    return;
  }
  if (method !== 'GET') {
    sendJson(response, 405, { code: 405, msg: `method ${method} not allowed` }, { Allow: 'GET' });
    return;
  }
  request.resume();
  if (route === '/sim/state') {
    sendJson(response, 200, site.snapshot(), { 'Cache-Control': 'no-store' });
  } else if (route === '/sim/events') {
    site.events.attach(response, JSON.stringify(site.snapshot()));
  } else {
    await sendPage(response, site.apiKey);
  }
}
