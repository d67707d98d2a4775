'use strict';
/**
 * The page the render parts of the benchmark draw, and the ways they draw it: through the render node in a
 * flow (a `RenderDriver` hands a message to the node with `node.receive()` and resolves when the end node
 * gets the page), by Takumi alone from the same HTML (its own HTML reader and default styles, the package's
 * fonts, PNG out), and by satori with the native resvg (the engine before Takumi; the same HTML as satori's
 * element tree).
 *
 * The page: 400 x 300, a heading in Latin and Chinese with a value, a rule, a list of four to-dos in Latin
 * and Chinese.
 */
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { DIST, requireDist } = require('./common');
const { sinks } = require('./flows');

const WIDTH = 400;
const HEIGHT = 300;

const PAGE_TEMPLATE = `<div style="padding:16px 20px">
  <div style="font-size:28px;font-weight:bold">{{topic}} 厨房 {{payload.temp}} °C</div>
  <div style="border-bottom:2px solid black;margin:6px 0"></div>
  <ul style="font-size:20px;margin:0;padding-left:24px">
    {{#payload.items}}<li>{{.}}</li>{{/payload.items}}
  </ul>
</div>`;

const ITEMS = [
  'Buy milk 买牛奶',
  'Call the plumber 给水管工打电话',
  'Water the plants 给花浇水',
  'Book train tickets 预订火车票',
];

/** The message of page `i`: the same page with another value each time. */
function pageMessage(i) {
  return { topic: 'Kitchen', payload: { temp: (20 + (i % 50) / 10).toFixed(1), items: ITEMS } };
}

/** The page's HTML for message `i`, as the render node fills it (Mustache, from the package). */
function pageHtml(i) {
  const { fillTemplate } = requireDist('lib/render/node-red-process/template/fill-template');
  return fillTemplate(PAGE_TEMPLATE, pageMessage(i)).html;
}

/** A tab with a render node (`<tab>-render`, `config` over ours) wired to an inactive debug node, and a catch node. */
function renderFlow(tab, template = PAGE_TEMPLATE, config = {}) {
  return [
    { id: tab, type: 'tab', label: tab },
    {
      id: `${tab}-render`,
      z: tab,
      type: 'device-cloud-render',
      template,
      width: String(WIDTH),
      height: String(HEIGHT),
      colors: 'bw',
      dither: 'none',
      layoutRules: 'html',
      ...config,
      wires: [[`${tab}-out`]],
    },
    ...sinks(tab),
  ];
}

let messageCount = 0;

/** Hands messages to a tab's render node; each resolves with its time until the page came out, in ms. */
class RenderDriver {
  constructor(nodeRed, tab) {
    this.first = nodeRed.node(`${tab}-render`);
    this.waiting = new Map();
    nodeRed.node(`${tab}-out`).on('input', (msg, _send, done) => {
      done();
      this.settle(msg, Buffer.isBuffer(msg.payload) ? undefined : new Error('no page in msg.payload'));
    });
    nodeRed.node(`${tab}-catch`).on('input', (msg, _send, done) => {
      done();
      this.settle(msg, new Error(`the page failed: ${msg.error && msg.error.message}`));
    });
  }

  settle(msg, error) {
    const waiting = this.waiting.get(msg._msgid);
    if (!waiting) return;
    this.waiting.delete(msg._msgid);
    if (error) waiting.reject(error);
    else waiting.resolve({ ms: performance.now() - waiting.started, png: msg.payload });
  }

  /** Draws page `i` (or the page of `message`); resolves with `{ ms, png }`. */
  draw(i, message = pageMessage(i)) {
    const msg = { ...message, _msgid: `render-${++messageCount}` };
    return new Promise((resolve, reject) => {
      this.waiting.set(msg._msgid, { resolve, reject, started: performance.now() });
      this.first.receive(msg);
    });
  }
}

/** The package's fonts of the page's stack (dist/fonts/fonts.json), as Takumi and satori take them. */
function fonts() {
  const dir = path.join(DIST, 'fonts');
  const { families } = JSON.parse(fs.readFileSync(path.join(dir, 'fonts.json'), 'utf8'));
  return families
    .filter((family) => FONT_STACK.includes(`"${family.name}"`))
    .flatMap((family) =>
      family.faces.map((face) => ({
        name: family.name,
        data: fs.readFileSync(path.join(dir, face.file)),
        weight: face.weight,
        style: 'normal',
      })),
    );
}

/** The shipped fonts' stack, as the render node gives a page. */
const FONT_STACK = '"Noto Sans", "Noto Sans SC", "Noto Sans JP", "Noto Sans Symbols 2"';

/** Takumi's native build drawing the HTML by itself: its HTML reader, its default styles, a PNG. */
async function takumiAlone() {
  const { Renderer } = require('@takumi-rs/core');
  const { fromHtml } = require('@takumi-rs/helpers/html');
  const renderer = new Renderer();
  for (const font of fonts()) await renderer.registerFont(font);
  return async (html) => drawWithTakumi(renderer, fromHtml, html);
}

/** The HTML on a white page of the benchmark's size in the shipped fonts, drawn by Takumi's renderer, as a PNG. */
function drawWithTakumi(renderer, fromHtml, html) {
  const { node } = fromHtml(html);
  const root = {
    type: 'container',
    style: { width: WIDTH, height: HEIGHT, backgroundColor: 'white', color: 'black', fontFamily: FONT_STACK },
    children: [node],
  };
  return renderer.render(root, { width: WIDTH, height: HEIGHT, format: 'png' });
}

/** Our HTML reader's tree as satori's elements: flex boxes where satori wants them (as the render node did). */
function satoriElement(node) {
  if (node.kind === 'text') return node.text.replace(/\s+/g, ' ');
  const style = {};
  for (const part of (node.attributes.style || '').split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part
      .slice(0, colon)
      .trim()
      .replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
    style[name] = part.slice(colon + 1).trim();
  }
  const children = node.children.map(satoriElement).filter((child) => child !== '' && child !== ' ');
  if (children.length > 1 || children.some((child) => typeof child !== 'string')) {
    style.display = 'flex';
    style.flexDirection = 'column';
  }
  // One child alone, not in an array, and none without one: satori counts any array as several children.
  const type = node.name === 'ul' || node.name === 'li' ? 'div' : node.name;
  const props = { style };
  if (children.length > 0) props.children = children.length === 1 ? children[0] : children;
  return { type, props };
}

/** satori (HTML and CSS to SVG) with the native resvg (SVG to pixels), PNG out: the engine before Takumi. */
async function satoriWithResvg() {
  const satori = require('satori').default;
  const { Resvg } = require('@resvg/resvg-js');
  const { parseHtml } = requireDist('lib/render/drawing-process/html/html');
  // satori takes one family's name per face: the Latin and Chinese faces the page uses.
  const satoriFonts = fonts().filter((font) => font.name === 'Noto Sans' || font.name === 'Noto Sans SC');
  return async (html) => {
    const root = {
      type: 'div',
      props: {
        style: { display: 'flex', flexDirection: 'column', width: WIDTH, height: HEIGHT, backgroundColor: 'white' },
        children: parseHtml(html)
          .map(satoriElement)
          .filter((child) => typeof child !== 'string'),
      },
    };
    const svg = await satori(root, { width: WIDTH, height: HEIGHT, fonts: satoriFonts });
    return new Resvg(svg, { font: { loadSystemFonts: false }, background: 'white' }).render().asPng();
  };
}

/**
 * A page of the page-craft features: icons (a weather condition's and one per item), a title shrunk to its line,
 * a note shrunk to its box (measured), a list that draws what fits and counts the rest (measured), dates by
 * helpers, and Greek, Cyrillic, Japanese and Chinese text (every shipped family loaded).
 */
const CRAFT_TEMPLATE = `<div lang="en-US" style="display:flex;flex-direction:column;height:100%;padding:12px 16px">
  <div style="display:flex;flex-direction:row;align-items:center;border-bottom:2px solid black;padding-bottom:4px">
    <img src="icon:weather:{{payload.condition}}" style="width:40px;height:40px;margin-right:8px">
    <span style="font-size:30px;font-weight:bold;white-space:nowrap;flex-grow:1" data-fit="shrink" data-min-size="14">{{payload.title}}</span>
    <span style="font-size:16px;margin-left:8px;white-space:nowrap">{{payload.now | day}} {{payload.now | time}}</span>
  </div>
  <div style="font-size:24px;height:56px;margin-top:4px" data-fit="shrink" data-min-size="12">{{payload.note}}</div>
  <div data-overflow="+{n} more" style="display:flex;flex-direction:column;flex-grow:1;font-size:20px">
    {{#payload.items}}<div style="display:flex;flex-direction:row;align-items:center;margin-top:4px">
      <img src="icon:{{icon}}" style="width:20px;height:20px;margin-right:6px"><span data-clamp="1">{{title}}</span>
      <span style="margin-left:auto;font-size:16px">{{due | relative}}</span></div>{{/payload.items}}
  </div>
</div>`;

const CRAFT_ITEMS = [
  ['cart-outline', 'Milk, bread and coffee 买牛奶'],
  ['wrench-outline', 'Call the plumber about the kitchen tap'],
  ['flower-outline', 'Water the plants on the balcony'],
  ['train', 'Book train tickets 日曜日の新幹線'],
  ['cake-variant-outline', 'Γενέθλια της γιαγιάς'],
  ['email-outline', 'Письмо бабушке'],
  ['car-outline', 'Car service ✓'],
  ['dog-side', 'Walk the dog'],
  ['trash-can-outline', 'Bins out'],
  ['pill', 'Vitamins'],
];

/**
 * The message of craft page `i` whose note is alternately long (shrunk) and short (at its size): each page is
 * fitted unlike the one before it.
 */
function refitMessage(i) {
  const message = craftMessage(i);
  if (i % 2 === 1) message.payload.note = 'Meeting room booked';
  return message;
}

/** The message of craft page `i`. */
function craftMessage(i) {
  const now = Date.UTC(2026, 10, 24, 9, 0) + i * 60_000;
  return {
    payload: {
      condition: ['sunny', 'partlycloudy', 'rainy', 'snowy'][i % 4],
      title: `Kitchen 厨房 · Guest Wi-Fi network ${i % 10}`,
      now,
      note: 'The large meeting room is booked today from two to four for the quarterly review of the team.',
      items: CRAFT_ITEMS.map(([icon, title], n) => ({ icon, title, due: now + (n + 1) * 3_600_000 })),
    },
  };
}

/**
 * Takumi's native build drawing the craft page's HTML by itself, as the other pages' anchor does: the template
 * filled (the helpers' text), each icon given as the SVG picture of its path (Takumi knows no `icon:`), its own
 * HTML reader, PNG out, and no cache of decoded pictures, as the render node draws. The attributes of fitting
 * mean nothing to it: it draws every item of the list, clipped, and the note at its size.
 */
async function takumiCraft(message = craftMessage) {
  const { Renderer } = require('@takumi-rs/core');
  const { fromHtml } = require('@takumi-rs/helpers/html');
  const { fillTemplate } = requireDist('lib/render/node-red-process/template/fill-template');
  const { iconPath, iconSvg, WEATHER_ICONS } = requireDist('lib/render/drawing-process/pictures/icons');
  const renderer = new Renderer({ cacheMaxBytes: 0 });
  for (const font of fonts()) await renderer.registerFont(font);
  const iconUrl = (name) => {
    const svg = iconSvg(iconPath(name.startsWith('weather:') ? WEATHER_ICONS[name.slice(8)] : name), 'black');
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  };
  return async (i) => {
    const html = fillTemplate(CRAFT_TEMPLATE, message(i), Date.UTC(2026, 10, 24, 9, 0)).html.replace(
      /src="icon:([^"]+)"/g,
      (_, name) => `src="${iconUrl(name)}"`,
    );
    return drawWithTakumi(renderer, fromHtml, html);
  };
}

module.exports = {
  CRAFT_TEMPLATE,
  craftMessage,
  refitMessage,
  takumiCraft,
  WIDTH,
  HEIGHT,
  PAGE_TEMPLATE,
  pageMessage,
  pageHtml,
  renderFlow,
  RenderDriver,
  takumiAlone,
  satoriWithResvg,
};
