'use strict';
/**
 * The first image push after a deploy, in a fresh process: Node-RED starts
 * with no flows, a flow is deployed (the runtime's own setFlows, as the
 * editor's Deploy does), and a second later an 800 x 600 PNG is pushed,
 * fitted to 400 x 300. Then a second push, warm. Either through our
 * display-image node (`ours`), or through a plain function node doing the same
 * work with sharp, form-data and undici that the settings loaded at start
 * (`function`: what a user writes by hand, the modules loaded before any message).
 *
 * Reports each push's time (hand-over to the end node) and the longest stall
 * of the event loop while it ran, the longest stall in the second after the
 * deploy, and what was loaded when the first message came.
 *
 *   node bench/first-push.js --variant=ours|function
 */
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const {
  API_KEY,
  DEVICE_ID,
  runPart,
  sharpLoaded,
  startNodeRed,
  startSimulatorProcess,
  stringOption,
} = require('./common');
const { photoLikePng } = require('./picture');

const SETTLE_MS = 1000;
const ACCOUNT_ID = 'first-push-account';

function sinks(tab) {
  return [
    {
      id: 'out',
      z: tab,
      type: 'debug',
      active: false,
      tosidebar: false,
      console: 'false',
      complete: 'true',
      wires: [],
    },
    { id: 'failed', z: tab, type: 'catch', scope: null, uncaught: false, wires: [] },
  ];
}

function oursFlow(simUrl) {
  return [
    { id: 'tab', type: 'tab', label: 'ours' },
    {
      id: ACCOUNT_ID,
      type: 'device-cloud-account',
      name: 'bench',
      baseUrl: simUrl,
      credentials: { apiKey: API_KEY },
    },
    {
      id: 'push',
      z: 'tab',
      type: 'device-cloud-display-image',
      account: ACCOUNT_ID,
      deviceId: DEVICE_ID,
      deviceIdType: 'str',
      fit: 'contain',
      width: '400',
      height: '300',
      wires: [['out']],
    },
    ...sinks('tab'),
  ];
}

/** The same work by hand: fit with sharp, a multipart body with form-data, a POST with an undici Pool. */
const FUNCTION_BODY = `
const sharp = global.get('sharp');
const FormData = global.get('FormData');
let pool = context.get('pool');
if (!pool) {
  pool = new (global.get('undici').Pool)(env.get('SIM_URL'), { connections: 3 });
  context.set('pool', pool);
}
const white = { r: 255, g: 255, b: 255, alpha: 1 };
const png = await sharp(msg.payload).autoOrient()
  .resize(400, 300, { fit: 'contain', background: white }).flatten({ background: white }).png().toBuffer();
const form = new FormData();
form.append('images', png, { filename: 'image-1.png', contentType: 'image/png', knownLength: png.length });
form.append('dither', 'true');
const body = form.getBuffer();
const response = await pool.request({
  method: 'POST',
  path: '/open/v1/devices/${encodeURIComponent(DEVICE_ID)}/display/image',
  headers: { ...form.getHeaders(), 'content-length': String(body.length), 'x-api-key': '${API_KEY}', accept: 'application/json' },
  body,
});
const answer = await response.body.json();
if (response.statusCode !== 200 || answer.code !== 0) throw new Error('push failed: ' + JSON.stringify(answer));
msg.payload = answer.data;
return msg;
`;

function functionFlow(simUrl) {
  return [
    { id: 'tab', type: 'tab', label: 'function', env: [{ name: 'SIM_URL', value: simUrl, type: 'str' }] },
    { id: 'push', z: 'tab', type: 'function', func: FUNCTION_BODY, outputs: 1, wires: [['out']] },
    ...sinks('tab'),
  ];
}

function loadedNow() {
  const files = Object.keys(require.cache);
  // Code, not a package.json: Node-RED reads the one of undici for itself.
  const has = (name) => files.some((file) => file.includes(`/node_modules/${name}/`) && /\.(c?js|node)$/.test(file));
  return { undici: has('undici'), formData: has('form-data'), sharp: sharpLoaded() };
}

/** Runs `work` with the event loop watched; gives its time and the longest stall meanwhile. */
async function watched(work) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  delay.disable();
  return { ms, longestStallMs: delay.max / 1e6 };
}

function pushOnce(nodeRed, picture) {
  return new Promise((resolve, reject) => {
    const id = `first-push-${Math.random()}`;
    const onOut = (msg, _send, done) => {
      done();
      if (msg._msgid === id) resolve();
    };
    const onCatch = (msg, _send, done) => {
      done();
      if (msg._msgid === id) reject(new Error(`the push failed: ${msg.error && msg.error.message}`));
    };
    nodeRed.node('out').on('input', onOut);
    nodeRed.node('failed').on('input', onCatch);
    nodeRed.node('push').receive({ _msgid: id, payload: picture });
  });
}

async function main() {
  const variant = stringOption('variant', 'ours');
  if (!['ours', 'function'].includes(variant)) throw new Error('--variant=ours|function');
  const picture = photoLikePng(800, 600);
  const sim = await startSimulatorProcess();
  // The function node's modules come from the settings, loaded at start as functionGlobalContext does.
  const globals =
    variant === 'function'
      ? { sharp: require('sharp'), undici: require('undici'), FormData: require('form-data') }
      : {};
  const nodeRed = await startNodeRed({ settings: { functionGlobalContext: globals, functionExternalModules: false } });
  try {
    const flows = variant === 'ours' ? oursFlow(sim.url) : functionFlow(sim.url);
    const deploy = await watched(async () => {
      await nodeRed.RED.runtime.flows.setFlows({ flows: { flows }, deploymentType: 'full' });
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    });
    const loadedAtFirstMessage = loadedNow();
    const first = await watched(() => pushOnce(nodeRed, picture));
    const second = await watched(() => pushOnce(nodeRed, picture));
    return { variant, settleMs: SETTLE_MS, deploy, first, second, loadedAtFirstMessage };
  } finally {
    await nodeRed.stop();
    await sim.close();
  }
}

runPart(main);
