/**
 * The factory behind the nodes that act on a device (display pushes, page
 * delete, sync interval). `msg.deviceId` may name one device, a list of them
 * or "all" of the account's; pushes to a page can be skipped when unchanged.
 *
 * One device: the message goes on with the result, as every action node does.
 * A list or "all": one copy per device that succeeded, with `msg.deviceId` set
 * to that device; the failures end the message in one error naming each.
 */
import type { CallOptions, ServiceClient } from '../lib/client';
import { asDeviceCloudError, DeviceCloudError } from '../lib/errors';
import type { Preload } from '../lib/loading';
import { digestOfContent, type PageContent } from '../lib/page-record/content';
import type { PageAuthor } from '../lib/page-record/record';
import { isSuperseded, type SupersededPush } from '../lib/types';
import { boolean, deviceId, pageId as parsePageId, type DeviceId, type PageId } from '../lib/values';
import type { AccountNode } from './account-link';
import { prepareWith } from './action-node';
import { ALL_DEVICES, deviceTargets } from './targets';
import type { Inputs } from './inputs';
import type { NodeRuntime } from './node-folder';
import { defineNode, Failure, type MessageContext, type Outcome } from './lifecycle';
import type { Node, NodeAPI, NodeMessage } from './node-red-api';
import { pageRecord } from './page-record';
import { COMMON, type Translator } from './status';

export interface DeviceActionSpec<Input, Output> {
  type: string;
  /** Reads every input but the device and parses it; throws a validation error that names the field. */
  prepare(inputs: Inputs): Input | Promise<Input>;
  /** The service call for one device; a push to a page may end superseded by a newer one. */
  run(client: ServiceClient, deviceId: DeviceId, input: Input, options: CallOptions): Promise<Output | SupersededPush>;
  /** Short status text after success on one device. */
  status(output: Output, input: Input, RED: Translator): string;
  /**
   * A push: the page it goes to, what it puts there (recorded, and what makes two pushes the same, for
   * `skipUnchanged`), the page the service's answer names, and the input that sends recorded content again.
   */
  push?: {
    pageId(input: Input): PageId | undefined;
    content(input: Input): PageContent;
    answeredPage(output: Output): string | undefined;
    /** `pageId` undefined: the content goes to the device's temporary screen, as it was pushed. */
    again(content: PageContent, pageId: PageId | undefined): Input | Promise<Input>;
  };
  /** The pages a success empties, which the push memory forgets. */
  empties?(input: Input): PageId | 'all';
  /** Loaded when the node is deployed: see NodeLifecycle.preload. */
  preload?: readonly Preload<unknown>[];
}

/** The payload of a push that was not sent because the page already shows it. */
export interface SkippedPush {
  skipped: true;
  deviceId: string;
  pageId: PageId;
}

type DeviceResult<Output> =
  | { deviceId: string; output: Output }
  | { deviceId: string; skipped: SkippedPush }
  | { deviceId: string; superseded: SupersededPush }
  | { deviceId: string; error: DeviceCloudError };

type Succeeded<Output> = Exclude<DeviceResult<Output>, { error: DeviceCloudError }>;

/** What one message does on each of its devices. */
interface Work<Input> {
  client: ServiceClient;
  account: AccountNode;
  input: Input;
  pageId: PageId | undefined;
  content: PageContent | undefined;
  digest: string | undefined;
  skipUnchanged: boolean;
  options: CallOptions;
  /** The node the page record names for a push. */
  author: PageAuthor;
}

export function defineDeviceAction<Input, Output>(spec: DeviceActionSpec<Input, Output>): NodeRuntime {
  return {
    type: spec.type,
    register: (RED, migrations) =>
      defineNode({
        type: spec.type,
        preload: spec.preload,
        handle: (context) => handleMessage(RED, spec, context),
        // A redeploy forgets what was pushed: the page may have changed meanwhile, by hand or by another flow.
        closed: (account) => account?.pushes.clear(),
      }).register(RED, migrations),
  };
}

async function handleMessage<Input, Output>(
  RED: NodeAPI,
  spec: DeviceActionSpec<Input, Output>,
  { msg, node, inputs, account, signal, texts }: MessageContext,
): Promise<Outcome> {
  const targets = await prepareWith(deviceTargets, inputs);
  const input = await prepareWith((given) => spec.prepare(given), inputs);
  const skipUnchanged = spec.push ? await prepareWith(skipUnchangedOption, inputs) : false;
  const pageId = spec.push?.pageId(input);
  const content = spec.push?.content(input);
  const digest = content && pageId ? digestOfContent(content) : undefined;
  const client = account.client();

  const devices =
    targets === ALL_DEVICES ? (await client.devices.list({ signal })).map((device) => device.deviceId) : targets.ids;
  // The devices of one message wait in one place of the account's queue: "all" on a large account cannot fill it.
  const options: CallOptions = devices.length > 1 ? { signal, group: {} } : { signal };
  const author = authorOf(node);
  const work: Work<Input> = { client, account, input, pageId, content, digest, skipUnchanged, options, author };
  const results = await Promise.all(devices.map((device) => runOnDevice(spec, work, device, targets === ALL_DEVICES)));

  if (targets !== ALL_DEVICES && !targets.fanOut) {
    const [result] = results;
    if ('error' in result) throw result.error;
    msg.payload = payloadOf(result);
    return { send: msg, status: statusOf(spec, result, input, texts) };
  }
  return fannedOut(RED, spec, msg, results, input, texts, signal);
}

/** One device's call; `listed`: the id comes from the service's list, not yet parsed. */
async function runOnDevice<Input, Output>(
  spec: DeviceActionSpec<Input, Output>,
  work: Work<Input>,
  device: DeviceId | string,
  listed: boolean,
): Promise<DeviceResult<Output>> {
  const { account, pageId, digest } = work;
  try {
    const id = listed ? deviceId(device) : (device as DeviceId);
    if (work.skipUnchanged && pageId && digest && account.pushes.isUnchanged(id, pageId, digest)) {
      return { deviceId: id, skipped: { skipped: true, deviceId: id, pageId } };
    }
    // A push without a page lands where the service chooses: none of the device's pages is known any more.
    const touched = spec.push ? (pageId ?? 'all') : spec.empties?.(work.input);
    const turn = touched === undefined ? undefined : account.pushes.begin(id, touched);
    const output = await spec.run(work.client, id, work.input, work.options);
    if (isSuperseded(output)) return { deviceId: id, superseded: output };
    if (pageId && digest) account.pushes.remember(id, pageId, digest, turn);
    record(spec, work, id, output);
    return { deviceId: id, output };
  } catch (error) {
    return { deviceId: device, error: asDeviceCloudError(error) };
  }
}

/** What a call the service accepted changed on the device's pages, in the page record. */
function record<Input, Output>(spec: DeviceActionSpec<Input, Output>, work: Work<Input>, id: DeviceId, output: Output) {
  const pages = pageRecord()?.record;
  if (!pages) return;
  if (spec.push && work.content) {
    const page = pageOf(spec.push.answeredPage(output)) ?? work.pageId;
    if (page === undefined) return;
    const place = { account: work.account.id, deviceId: id, pageId: page };
    pages.pushed(place, work.content, work.pageId !== undefined, work.author);
    return;
  }
  const emptied = spec.empties?.(work.input);
  if (emptied !== undefined) pages.cleared(work.account.id, id, emptied);
}

function pageOf(answered: string | undefined): PageId | undefined {
  try {
    return answered === undefined ? undefined : parsePageId(answered);
  } catch {
    return undefined;
  }
}

function authorOf(node: Pick<Node, 'id' | 'name' | 'z'>): PageAuthor {
  return { id: node.id, name: node.name ?? '', z: node.z ?? '' };
}

/**
 * One call on one device as a node of the spec makes it (the account's order per page, the push memory, the page
 * record), for the editor's page actions: `author` is the node the record names for a push.
 */
export async function actOnDevice<Input, Output>(
  spec: DeviceActionSpec<Input, Output>,
  account: AccountNode,
  device: DeviceId,
  input: Input,
  author: PageAuthor,
): Promise<Output | SupersededPush> {
  const pageId = spec.push?.pageId(input);
  const content = spec.push?.content(input);
  const digest = content && pageId ? digestOfContent(content) : undefined;
  const work: Work<Input> = {
    client: account.client(),
    account,
    input,
    pageId,
    content,
    digest,
    skipUnchanged: false,
    options: {},
    author,
  };
  const result = await runOnDevice(spec, work, device, false);
  if ('error' in result) throw result.error;
  if ('superseded' in result) return result.superseded;
  if ('skipped' in result) throw new DeviceCloudError('internal', 'a page action was skipped as unchanged');
  return result.output;
}

/** A list or "all": a copy of the message per device that succeeded; one error that names every failed device. */
function fannedOut<Input, Output>(
  RED: NodeAPI,
  spec: DeviceActionSpec<Input, Output>,
  msg: NodeMessage,
  results: DeviceResult<Output>[],
  input: Input,
  texts: Translator,
  signal: AbortSignal,
): Outcome {
  if (signal.aborted && signal.reason instanceof DeviceCloudError) throw signal.reason;
  const copies: NodeMessage[] = [];
  const succeeded: Succeeded<Output>[] = [];
  const failures: { deviceId: string; error: DeviceCloudError }[] = [];
  for (const result of results) {
    if ('error' in result) {
      failures.push(result);
      continue;
    }
    succeeded.push(result);
    const copy = RED.util.cloneMessage(msg);
    copy.deviceId = result.deviceId;
    copy.payload = payloadOf(result);
    copies.push(copy);
  }
  const count = results.length;
  if (failures.length > 0) {
    msg.failedDevices = failures.map(({ deviceId, error }) => ({ deviceId, error: error.message }));
    const reasons = failures.map(({ deviceId, error }) => `${deviceId}: ${error.message}`).join('; ');
    const error = new DeviceCloudError(
      failures[0].error.kind,
      `${failures.length} of ${count} devices failed: ${reasons}`,
    );
    throw new Failure(error, copies, texts._(COMMON.status.devicesFailed, { failed: failures.length, count }));
  }
  if (count === 0) {
    return { send: null, status: { fill: 'yellow', shape: 'ring', text: texts._(COMMON.status.noDevices) } };
  }
  if (count === 1) return { send: copies, status: statusOf(spec, succeeded[0], input, texts) };
  return { send: copies, status: { fill: 'green', shape: 'dot', text: texts._(COMMON.status.devices, { count }) } };
}

function statusOf<Input, Output>(
  spec: DeviceActionSpec<Input, Output>,
  result: Succeeded<Output>,
  input: Input,
  texts: Translator,
): NonNullable<Outcome['status']> {
  if ('skipped' in result) {
    return { fill: 'green', shape: 'ring', text: texts._(COMMON.status.unchanged, { page: result.skipped.pageId }) };
  }
  if ('superseded' in result) {
    return {
      fill: 'green',
      shape: 'ring',
      text: texts._(COMMON.status.superseded, { page: result.superseded.pageId }),
    };
  }
  return { fill: 'green', shape: 'dot', text: spec.status(result.output, input, texts) };
}

function payloadOf<Output>(result: Succeeded<Output>): unknown {
  if ('skipped' in result) return result.skipped;
  if ('superseded' in result) return result.superseded;
  return result.output;
}

/** `msg.skipUnchanged` (true or false) overrides the dialog's checkbox. */
async function skipUnchangedOption(inputs: Inputs): Promise<boolean> {
  const fromMessage = inputs.msg.skipUnchanged;
  if (fromMessage !== undefined) return boolean(fromMessage, 'skipUnchanged');
  const configured = await inputs.dialog('skipUnchanged');
  return configured === undefined ? false : boolean(configured, 'skipUnchanged');
}
