import { invalid } from '../../lib/errors';
import type { PushResult } from '../../lib/types';
import {
  displayText,
  fontSize,
  isOneOf,
  listOfChoices,
  plainObject,
  structuredText,
  type StructuredTextPush,
  type TextPush,
} from '../../lib/values';
import type { PageContent } from '../../lib/page-record/content';
import { defineDeviceAction, type DeviceActionSpec } from '../../runtime/device-action-node';
import { optionalPageId, textOf } from '../../runtime/targets';
import type { Inputs } from '../../runtime/inputs';
import { TEXT_MODES } from './settings';

type TextInput = ({ mode: 'text' } & TextPush) | ({ mode: 'structured' } & StructuredTextPush);

/** The title and body: msg.payload as {title, body} or as the body; the dialog's title, else msg.title. */
async function structuredContent(inputs: Inputs): Promise<{ title?: string; body?: string }> {
  const payload = inputs.msg.payload;
  let title: unknown;
  let body: unknown;
  if (payload !== null && typeof payload === 'object' && !Array.isArray(payload) && !Buffer.isBuffer(payload)) {
    ({ title, body } = plainObject(payload, 'payload', ['title', 'body']));
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

export const displayTextAction: DeviceActionSpec<TextInput, PushResult> = {
  type: 'device-cloud-display-text',
  async prepare(inputs) {
    const mode = await inputs.get('mode', 'mode', 'text');
    if (!isOneOf(TEXT_MODES, mode)) throw invalid('mode', `must be ${listOfChoices(TEXT_MODES)}`, mode);
    const pageId = await optionalPageId(inputs);
    if (mode === 'structured') {
      const { title, body } = await structuredContent(inputs);
      return { mode, pageId, ...structuredText(title, body) };
    }
    if (inputs.msg.payload === undefined || inputs.msg.payload === null) {
      throw invalid('payload', 'is required: the text to show');
    }
    const size = await inputs.get('fontSize');
    const parsedSize = size === undefined || size === '' ? undefined : fontSize(size);
    return { mode, pageId, text: displayText(textOf(inputs.msg.payload, 'payload')), fontSize: parsedSize };
  },
  run: (client, deviceId, input, options) =>
    input.mode === 'structured'
      ? client.display.pushStructuredText(deviceId, input, options)
      : client.display.pushText(deviceId, input, options),
  push: {
    pageId: (input) => input.pageId,
    content: (input): PageContent =>
      input.mode === 'structured'
        ? { kind: 'structured-text', title: input.title, body: input.body, options: {} }
        : { kind: 'text', text: input.text, options: input.fontSize === undefined ? {} : { fontSize: input.fontSize } },
    answeredPage: (result) => result.pageId,
    // The record's content passes the same rules again: a record file may have been edited by hand.
    again(content, pageId) {
      if (content.kind === 'structured-text') {
        return { mode: 'structured', pageId, ...structuredText(content.title, content.body) };
      }
      if (content.kind !== 'text') throw invalid('kind', 'must be text or structured-text', content.kind);
      const size = content.options.fontSize;
      return {
        mode: 'text',
        pageId,
        text: displayText(content.text),
        fontSize: size === undefined ? undefined : fontSize(size),
      };
    },
  },
  status: (result, input, RED) =>
    RED._('device-cloud-display-text.status.pushed', { page: result.pageId ?? input.pageId ?? '-' }),
};

export default defineDeviceAction(displayTextAction);
