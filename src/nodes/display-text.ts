import { invalid } from '../lib/errors';
import type { PageId, PushResult } from '../lib/types';
import * as validate from '../lib/validate';
import { defineDeviceAction } from './shared/device-action';
import { optionalPageId, textOf } from './shared/fields';
import type { Inputs } from './shared/inputs';

type TextInput =
  | { mode: 'text'; pageId?: PageId; text: string; fontSize?: number }
  | { mode: 'structured'; pageId?: PageId; title?: string; body?: string };

async function structuredContent(inputs: Inputs): Promise<{ title?: string; body?: string }> {
  const payload = inputs.msg.payload;
  let title: unknown;
  let body: unknown;
  if (payload !== null && typeof payload === 'object' && !Array.isArray(payload) && !Buffer.isBuffer(payload)) {
    ({ title, body } = validate.plainObject(payload, 'payload', ['title', 'body']));
  } else if (payload !== undefined && payload !== null && payload !== '') {
    body = textOf(payload, 'payload');
  }
  const configuredTitle = await inputs.dialog('title');
  if (configuredTitle !== undefined) title = configuredTitle;
  else if (title === undefined) title = inputs.msg.title;
  const content: { title?: string; body?: string } = {};
  if (title !== undefined && title !== '') content.title = textOf(title, 'title');
  if (body !== undefined && body !== '') content.body = textOf(body, 'body');
  return content;
}

export default defineDeviceAction<TextInput, PushResult>({
  type: 'device-cloud-display-text',
  async prepare(inputs) {
    const mode = await inputs.get('mode', 'mode', 'text');
    if (mode !== 'text' && mode !== 'structured') throw invalid('mode', 'must be text or structured', mode);
    const pageId = await optionalPageId(inputs);
    if (mode === 'structured') return { mode, pageId, ...(await structuredContent(inputs)) };
    if (inputs.msg.payload === undefined || inputs.msg.payload === null) {
      throw invalid('payload', 'is required: the text to show');
    }
    const fontSize = await inputs.get('fontSize');
    return {
      mode,
      pageId,
      text: textOf(inputs.msg.payload, 'payload'),
      fontSize: fontSize === undefined || fontSize === '' ? undefined : validate.fontSize(fontSize),
    };
  },
  run(client, deviceId, input, signal) {
    if (input.mode === 'structured') {
      return client.pushStructuredText(
        deviceId,
        { title: input.title, body: input.body, pageId: input.pageId },
        signal,
      );
    }
    return client.pushText(deviceId, { text: input.text, fontSize: input.fontSize, pageId: input.pageId }, signal);
  },
  push: {
    pageId: (input) => input.pageId,
    content: (input) =>
      input.mode === 'structured' ? ['structured', input.title, input.body] : ['text', input.text, input.fontSize],
  },
  status: (result, input, RED) =>
    RED._('device-cloud-display-text.status.pushed', { page: result.pageId ?? input.pageId ?? '-' }),
});
