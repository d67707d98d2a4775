'use strict';
/**
 * What the node tests share: the simulator's devices, the checks of a request,
 * of a kept message and of a refusal, image bytes, and the places a dialog
 * field can take its value from.
 */
const vm = require('node:vm');
const { expect } = require('chai');
const sharp = require('sharp');
const { bmpOfSize } = require('./pictures');
const { DeviceCloudError } = require('../../dist/lib/errors');

const KITCHEN = 'AA:BB:CC:DD:EE:01';
const HALLWAY = 'AA:BB:CC:DD:EE:02';
/** A well-formed MAC address the simulator does not know. */
const UNKNOWN_DEVICE = 'AA:BB:CC:DD:EE:99';

/** The path as the service reads it (segments percent-decoded, so `%3A` reads as `:`). */
/** The path exactly as it arrived: a validated MAC address goes into it as is, colons and all. */
function servicePath(request) {
  return request.path;
}

/** Loads another flow within one test (the helper loads one flow at a time). */
async function loadAgain(h, node, options) {
  await h.helper.unload();
  return h.load(node, options);
}

/** The one request the simulator received. */
function onlyRequest(h) {
  expect(
    h.requests.map((r) => `${r.method} ${r.path}`),
    'requests received',
  ).to.have.length(1);
  return h.requests[0];
}

/**
 * Checks a request as the service received it: method, path, query, the key
 * header, and the JSON body exactly (or no body at all when `body` is absent).
 */
function expectRequest(h, request, { method, path, query = {}, body }) {
  expect(request.method, 'method').to.equal(method);
  expect(servicePath(request), 'path').to.equal(path);
  expect(request.query, 'query').to.deep.equal(query);
  expect(request.headers['x-api-key'], 'X-API-Key header').to.equal(h.sim.apiKey);
  expect(request.headers.authorization, 'Authorization header').to.equal(undefined);
  if (body === undefined) {
    expect(request.rawBody.length, 'request body length').to.equal(0);
  } else {
    expect(request.headers['content-type'], 'content type').to.match(/^application\/json\b/);
    expect(request.body, 'JSON body').to.deep.equal(body);
  }
}

/** A message with the properties a node must pass on untouched. */
function messageWith(properties = {}) {
  return {
    _msgid: 'msg-under-test',
    topic: 'kept topic',
    res: { kept: 'an HTTP response object travels on' },
    custom: { nested: [1, 2, 3] },
    ...properties,
  };
}

/** The output is the message that went in, other properties untouched. */
function expectKept(output) {
  expect(output._msgid).to.equal('msg-under-test');
  expect(output.topic).to.equal('kept topic');
  expect(output.res).to.deep.equal({ kept: 'an HTTP response object travels on' });
  expect(output.custom).to.deep.equal({ nested: [1, 2, 3] });
}

function expectSuccessStatus(h) {
  expect(h.lastStatus).to.include({ fill: 'green', shape: 'dot' });
}

/**
 * A refusal: one error reaches the Catch node (the harness fails on a second
 * outcome), its text names the field and the rule, nothing was sent, and the
 * status is a red ring.
 */
/** The call throws a validation error for `field` whose text starts with the field and matches `pattern`. */
function expectInvalid(call, field, pattern) {
  let error;
  try {
    call();
  } catch (thrown) {
    error = thrown;
  }
  expect(error, 'it throws').to.be.instanceOf(DeviceCloudError);
  expect(error.kind).to.equal('validation');
  expect(error.field).to.equal(field);
  expect(error.message).to.match(pattern);
  expect(error.message.startsWith(`${field}: `), error.message).to.equal(true);
}

function expectRefused(h, outcome, pattern) {
  expect(outcome.output, 'a message went on').to.equal(undefined);
  expect(outcome.error, 'the Catch node got nothing').to.be.an('object');
  expect(outcome.error.error.message).to.match(pattern);
  expect(
    h.requests.map((r) => `${r.method} ${r.path}`),
    'requests sent',
  ).to.deep.equal([]);
  expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
}

/** A service error: one error at the Catch node with the service's msg and code, the message kept. */
function expectServiceError(h, outcome, { pattern, code }) {
  expect(outcome.output, 'a message went on').to.equal(undefined);
  expect(outcome.error, 'the Catch node got nothing').to.be.an('object');
  expect(outcome.error.error.message).to.match(pattern);
  expect(outcome.error.error.code, 'msg.error.code').to.equal(code);
  expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
}

/**
 * A value built the way a function node builds it: in a sandbox of its own
 * realm, so its objects, Dates and arrays have that realm's prototypes.
 * `variables` are visible to the expression (as a function node sees `Buffer` or `msg`).
 */
function fromFunctionNode(expression, variables = {}) {
  return vm.runInNewContext(`(${expression})`, { ...variables });
}

// --- images ---------------------------------------------------------------

/** A small valid image (4 x 3 pixels) in PNG, JPEG, GIF or WebP. */
function sharpImage(format) {
  return sharp({ create: { width: 4, height: 3, channels: 3, background: '#808080' } })
    [format]()
    .toBuffer();
}

/** A valid 2 x 2, 24-bit BMP, written by hand (sharp does not write BMP). */
function bmpImage() {
  return bmpOfSize(2, 2);
}

/** One image of every format the nodes accept, with its content type and file extension. */
async function imagesOfEveryFormat() {
  return [
    { format: 'png', contentType: 'image/png', extension: /\.png$/, data: await sharpImage('png') },
    { format: 'jpeg', contentType: 'image/jpeg', extension: /\.jpe?g$/, data: await sharpImage('jpeg') },
    { format: 'gif', contentType: 'image/gif', extension: /\.gif$/, data: await sharpImage('gif') },
    { format: 'bmp', contentType: 'image/bmp', extension: /\.bmp$/, data: bmpImage() },
    { format: 'webp', contentType: 'image/webp', extension: /\.webp$/, data: await sharpImage('webp') },
  ];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG magic bytes padded to `size` bytes: enough for the size rules, which look at nothing else. */
function pngOfSize(size) {
  const data = Buffer.alloc(size);
  PNG_SIGNATURE.copy(data);
  return data;
}

// --- where a value comes from ------------------------------------------------

function setPath(target, path, value) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] = node[key] ?? {};
    node = node[key];
  }
  node[keys[keys.length - 1]] = value;
  return target;
}

const ENV_NAME = 'DEVICE_CLOUD_TEST_VALUE';

/**
 * The places a TypedInput dialog field can take its value from, as cases for
 * a table of tests. Each case has the node's `config` for the field, what the
 * message carries (`msg`), an optional `prepare(h)` that sets context or
 * environment and returns an undo, and which value must reach the request
 * (`'dialog'` or `'message'`). The message always carries the message value too,
 * so a case proves which one won.
 *
 * @param field the config key (its type is `<field>Type`)
 * @param values.dialog the value placed in the dialog, context or environment
 * @param values.message the value placed at msg[msgProperty]
 * @param values.msgProperty where the node looks in the message (default: field)
 */
function valueSources(field, { dialog, message, msgProperty = field }) {
  const typeKey = `${field}Type`;
  const fromMessage = () => setPath({}, msgProperty, message);
  return [
    {
      name: `a dialog value wins over msg.${msgProperty}`,
      config: { [field]: String(dialog), [typeKey]: 'str' },
      msg: fromMessage(),
      wins: 'dialog',
    },
    {
      name: `an empty dialog field takes msg.${msgProperty}`,
      config: { [field]: '', [typeKey]: 'str' },
      msg: fromMessage(),
      wins: 'message',
    },
    {
      name: `a config without the key (a hand-written flow) takes msg.${msgProperty}`,
      config: {},
      msg: fromMessage(),
      wins: 'message',
    },
    {
      name: 'type msg reads the msg property the dialog names',
      config: { [field]: 'source.value', [typeKey]: 'msg' },
      msg: setPath(fromMessage(), 'source.value', dialog),
      wins: 'dialog',
    },
    {
      name: 'type flow reads flow context',
      config: { [field]: 'dcValue', [typeKey]: 'flow' },
      msg: fromMessage(),
      prepare: (h) => {
        h.node.context().flow.set('dcValue', dialog);
        return () => h.node.context().flow.set('dcValue', undefined);
      },
      wins: 'dialog',
    },
    {
      name: 'type global reads global context',
      config: { [field]: 'dcValue', [typeKey]: 'global' },
      msg: fromMessage(),
      prepare: (h) => {
        h.node.context().global.set('dcValue', dialog);
        return () => h.node.context().global.set('dcValue', undefined);
      },
      wins: 'dialog',
    },
    {
      name: 'type env reads an environment variable',
      config: { [field]: ENV_NAME, [typeKey]: 'env' },
      msg: fromMessage(),
      prepare: () => withEnv(ENV_NAME, String(dialog)),
      wins: 'dialog',
    },
  ];
}

/** Sets an environment variable; returns the undo. */
function withEnv(name, value) {
  const had = Object.hasOwn(process.env, name);
  const before = process.env[name];
  process.env[name] = value;
  return () => {
    if (had) process.env[name] = before;
    else delete process.env[name];
  };
}

/** Sends `msg` merged with the case's message, with its context or environment in place. */
async function sendFromSource(h, source, msg) {
  const undo = source.prepare ? source.prepare(h) : undefined;
  try {
    return await h.send({ ...msg, ...source.msg });
  } finally {
    if (undo) undo();
  }
}

module.exports = {
  KITCHEN,
  HALLWAY,
  UNKNOWN_DEVICE,
  servicePath,
  loadAgain,
  onlyRequest,
  expectRequest,
  messageWith,
  expectKept,
  expectSuccessStatus,
  expectRefused,
  expectInvalid,
  expectServiceError,
  fromFunctionNode,
  bmpImage,
  imagesOfEveryFormat,
  pngOfSize,
  valueSources,
  sendFromSource,
};
