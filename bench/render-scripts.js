'use strict';
/**
 * The first page of each script, in a fresh process: Node-RED starts with this package and no flows, a flow with
 * a render node is deployed (the runtime's own setFlows, as the editor's Deploy does), and the moment the deploy
 * is done a page in Latin is handed to the node: the time from the deploy's start to the page out of the node.
 * Then more Latin pages, and the drawing process's resident memory after them. Then, script after script, a
 * page in it (a bold heading and three lines, as a display's page has), the first time (its fonts are read and
 * registered then) and again, and the drawing process's memory once that script's fonts are in. The fonts of a
 * script no page has used are never read, so each script's first page pays for its own fonts alone.
 *
 *   node bench/render-scripts.js
 */
const { performance } = require('node:perf_hooks');
const { drawingProcesses, lookForDrawingProcesses, runPart, startNodeRed } = require('./common');
const { RenderDriver, renderFlow } = require('./render-page');

const TAB = 'scripts';
const LATIN_PAGES = 20;

const TEMPLATE = `<div lang="{{lang}}" dir="{{dir}}" style="padding:16px 20px">
  <div style="font-size:28px;font-weight:bold">{{title}} {{value}}</div>
  <div style="border-bottom:2px solid black;margin:6px 0"></div>
  <ul style="font-size:20px;margin:0;padding-left:24px">{{#lines}}<li>{{.}}</li>{{/lines}}</ul>
</div>`;

/** Each script's page: a heading and three lines a home would show, in the order the benchmark draws them. */
const SCRIPTS = [
  { script: 'Simplified Chinese', lang: 'zh-CN', title: '厨房', lines: ['买牛奶', '给水管工打电话', '给花浇水'] },
  { script: 'Japanese', lang: 'ja', title: '台所', lines: ['牛乳を買う', '配管工に電話する', '花に水をやる'] },
  { script: 'Traditional Chinese', lang: 'zh-TW', title: '廚房', lines: ['買牛奶', '打電話給水電工', '給花澆水'] },
  { script: 'Korean', lang: 'ko', title: '부엌', lines: ['우유 사기', '배관공에게 전화하기', '화분에 물 주기'] },
  {
    script: 'Arabic',
    lang: 'ar',
    dir: 'rtl',
    title: 'المطبخ',
    lines: ['شراء الحليب', 'الاتصال بالسباك', 'سقي النباتات'],
  },
  {
    script: 'Hebrew',
    lang: 'he',
    dir: 'rtl',
    title: 'מטבח',
    lines: ['לקנות חלב', 'להתקשר לשרברב', 'להשקות את הצמחים'],
  },
  { script: 'Thai', lang: 'th', title: 'ห้องครัว', lines: ['ซื้อนม', 'โทรหาช่างประปา', 'รดน้ำต้นไม้'] },
  { script: 'Devanagari', lang: 'hi', title: 'रसोई', lines: ['दूध खरीदें', 'प्लंबर को फ़ोन करें', 'पौधों को पानी दें'] },
  { script: 'Emoji', lang: 'en', title: 'Kitchen 🏠', lines: ['🌧 Rain at 16:00', '🔋 Battery 82 %', '✅ Door locked'] },
];
const LATIN = {
  script: 'Latin',
  lang: 'en',
  title: 'Kitchen',
  lines: ['Buy milk', 'Call the plumber', 'Water the plants'],
};

function message(page, i) {
  return { template: TEMPLATE, ...page, dir: page.dir ?? 'ltr', value: `${20 + (i % 10)}.5 °C` };
}

function drawingMB() {
  return drawingProcesses().reduce((sum, drawing) => sum + drawing.rssMB, 0);
}

async function main() {
  const nodeRed = await startNodeRed();
  try {
    const flowsStarted = new Promise((resolve) => nodeRed.RED.events.once('flows:started', resolve));
    const started = performance.now();
    await nodeRed.RED.runtime.flows.setFlows({ flows: { flows: renderFlow(TAB, '') }, deploymentType: 'full' });
    await flowsStarted;
    const driver = new RenderDriver(nodeRed, TAB);
    await driver.draw(0, message(LATIN, 0));
    const firstLatinMs = performance.now() - started;
    let count = 1;
    const latinMs = [];
    for (let i = 1; i < LATIN_PAGES; i++) latinMs.push((await driver.draw(count++, message(LATIN, i))).ms);
    lookForDrawingProcesses();
    const afterLatinMB = drawingMB();
    const scripts = [];
    for (const page of SCRIPTS) {
      const first = await driver.draw(count++, message(page, 0));
      const again = await driver.draw(count++, message(page, 1));
      scripts.push({ script: page.script, firstMs: first.ms, againMs: again.ms, drawingMB: drawingMB() });
    }
    return { firstLatinMs, latinMs: latinMs.sort((a, b) => a - b)[latinMs.length >> 1], afterLatinMB, scripts };
  } finally {
    await nodeRed.stop();
  }
}

runPart(main);
