'use strict';
/**
 * The first page after a deploy, in a fresh process: Node-RED starts with this package and no flows, a flow
 * with a render node is deployed (the runtime's own setFlows, as the editor's Deploy does), and the moment
 * the deploy is done a message is handed to the node. The time runs from the deploy's start to the page out
 * of the node: the node's start, the engine's and fonts' load and the warm-up pages it waits for included.
 * Then a second page, warm.
 *
 *   node bench/render-first.js
 */
const { performance } = require('node:perf_hooks');
const { runPart, startNodeRed } = require('./common');
const { RenderDriver, renderFlow } = require('./render-page');

const TAB = 'first';

async function main() {
  const nodeRed = await startNodeRed();
  try {
    const flowsStarted = new Promise((resolve) => nodeRed.RED.events.once('flows:started', resolve));
    const started = performance.now();
    await nodeRed.RED.runtime.flows.setFlows({ flows: { flows: renderFlow(TAB) }, deploymentType: 'full' });
    await flowsStarted;
    const deployedMs = performance.now() - started;
    const driver = new RenderDriver(nodeRed, TAB);
    await driver.draw(0);
    const firstMs = performance.now() - started;
    const second = await driver.draw(1);
    return { deployedMs, firstMs, secondMs: second.ms };
  } finally {
    await nodeRed.stop();
  }
}

runPart(main);
