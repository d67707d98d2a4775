'use strict';
/**
 * Memory at rest: Node-RED with this package in a fresh process, with a render node (`--with`: it draws
 * `--pages` pages, one after another) or without one (`--without`: the same runtime and package, no render
 * node). Then the process rests `--rest` seconds, as a Node-RED does between the pages of a display, and
 * reports its resident memory (RSS, what the system counts), then again after a full garbage collection; and
 * the resident memory of its drawing processes, while there are any.
 * bench/run.js runs both at the same time and compares them.
 *
 *   node --expose-gc bench/render-memory.js --with|--without [--pages=50] [--rest=120]
 */
const { collectGarbage, drawingProcesses, intOption, runPart, startNodeRed, toMB } = require('./common');
const { RenderDriver, renderFlow } = require('./render-page');

const TAB = 'memory';

function idleFlow() {
  return [
    { id: TAB, type: 'tab', label: TAB },
    { id: `${TAB}-hop`, z: TAB, type: 'junction', wires: [] },
  ];
}

async function main() {
  const withRender = process.argv.includes('--with');
  if (withRender === process.argv.includes('--without')) throw new Error('--with or --without');
  const pages = intOption('pages', 50);
  const restSeconds = intOption('rest', 120, 0);
  const nodeRed = await startNodeRed({ flows: withRender ? renderFlow(TAB) : idleFlow() });
  try {
    const drawingMB = () => drawingProcesses().reduce((sum, drawing) => sum + drawing.rssMB, 0);
    const startedMB = toMB(process.memoryUsage.rss());
    const drawingStartedMB = drawingMB();
    if (withRender) {
      const driver = new RenderDriver(nodeRed, TAB);
      for (let i = 0; i < pages; i++) await driver.draw(i);
    }
    const afterPagesMB = toMB(process.memoryUsage.rss());
    const drawingAfterPagesMB = drawingMB();
    await new Promise((resolve) => setTimeout(resolve, restSeconds * 1000));
    const restedMB = toMB(process.memoryUsage.rss());
    const drawingRestedMB = drawingMB();
    collectGarbage();
    const collectedMB = toMB(process.memoryUsage.rss());
    return {
      withRender,
      pages: withRender ? pages : 0,
      restSeconds,
      startedMB,
      afterPagesMB,
      restedMB,
      collectedMB,
      drawingStartedMB,
      drawingAfterPagesMB,
      drawingRestedMB,
    };
  } finally {
    await nodeRed.stop();
  }
}

runPart(main);
