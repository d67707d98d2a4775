'use strict';
/**
 * node bench/trmnl-recipe.js [--pages=20] [--rest=10]: TRMNL recipe pages through a device-cloud-trmnl-recipe node in
 * a flow, at 800 x 480, each part in a fresh process of its own:
 *
 * - first: Node-RED starts with no flows; a flow with a recipe node (bne-bin, with its sample) is deployed, and the
 *   moment the deploy is done a message is handed to the node. The time runs from the deploy's start to the page
 *   out of the node (the recipe read and compiled, the drawing process started, the framework's CSS and fonts).
 * - pages: each public recipe with a sample, `--pages` pages one after another; the median of each, and of all.
 * - memory: the drawing process's resident memory at rest (`--rest` seconds after the last page), in a Node-RED
 *   whose render node drew `--pages` pages, and in one whose render node drew them and a recipe node then drew
 *   `--pages` pages of each recipe: what recipe pages keep in the drawing process, above the render node alone.
 *   Both wait the same time, and neither is told to collect its garbage (the process is not, at rest). The rest
 *   must end before the drawing process is let go (30 s after its last page): a part that finds none fails.
 *
 * Uses dist/: build first. `npm run bench` runs it as its part `recipes`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const {
  ROOT,
  drawingProcesses,
  intOption,
  median,
  runChild,
  runPart,
  startNodeRed,
  stringOption,
} = require('./common');
const { sinks } = require('./flows');
const { RenderDriver, renderFlow } = require('./render-page');

const RECIPES = path.join(ROOT, 'test', 'fixtures', 'trmnl-recipes');
const FIRST_RECIPE = 'bne-bin';
const pages = intOption('pages', 20);

function sampleOf(name) {
  const file = path.join(RECIPES, name, 'sample.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

const SAMPLED = fs
  .readdirSync(RECIPES)
  .filter((name) => fs.existsSync(path.join(RECIPES, name, 'sample.json')))
  .sort();

/** A tab with a recipe node for each of `names` (`<tab>-<name>`), each wired to its own sinks. */
function recipeFlow(tab, names) {
  return [
    { id: tab, type: 'tab', label: tab },
    ...names.flatMap((name) => [
      {
        id: `${tab}-${name}`,
        z: tab,
        type: 'device-cloud-trmnl-recipe',
        recipe: path.join(RECIPES, name),
        fields: JSON.stringify(sampleOf(name)?.custom_fields ?? {}),
        width: '800',
        height: '480',
        colors: 'bw',
        dither: 'none',
        wires: [[`${tab}-${name}-out`]],
      },
      ...sinks(`${tab}-${name}`).map((sink) => ({ ...sink, z: tab })),
    ]),
  ];
}

let messageCount = 0;

/** Hands a recipe node its sample; resolves with the time until the page came out, in ms. */
function drawRecipe(nodeRed, tab, name) {
  const sample = sampleOf(name);
  const msg = { _msgid: `recipe-${++messageCount}`, payload: sample?.data, trmnl: sample?.trmnl };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const out = nodeRed.node(`${tab}-${name}-out`);
    const caught = nodeRed.node(`${tab}-${name}-catch`);
    const onOut = (got, _send, done) => {
      done();
      if (got._msgid !== msg._msgid) return;
      out.removeListener('input', onOut);
      caught.removeListener('input', onCaught);
      resolve(performance.now() - started);
    };
    const onCaught = (got, _send, done) => {
      done();
      if (got._msgid !== msg._msgid) return;
      out.removeListener('input', onOut);
      caught.removeListener('input', onCaught);
      reject(new Error(`${name}: ${got.error && got.error.message}`));
    };
    out.on('input', onOut);
    caught.on('input', onCaught);
    nodeRed.node(`${tab}-${name}`).receive(msg);
  });
}

async function firstPart() {
  const nodeRed = await startNodeRed();
  try {
    const flowsStarted = new Promise((resolve) => nodeRed.RED.events.once('flows:started', resolve));
    const started = performance.now();
    const flows = recipeFlow('first', [FIRST_RECIPE]);
    await nodeRed.RED.runtime.flows.setFlows({ flows: { flows }, deploymentType: 'full' });
    await flowsStarted;
    await drawRecipe(nodeRed, 'first', FIRST_RECIPE);
    const firstMs = performance.now() - started;
    const secondMs = await drawRecipe(nodeRed, 'first', FIRST_RECIPE);
    return { recipe: FIRST_RECIPE, firstMs, secondMs };
  } finally {
    await nodeRed.stop();
  }
}

async function pagesPart() {
  const nodeRed = await startNodeRed({ flows: recipeFlow('pages', SAMPLED) });
  try {
    const all = [];
    const recipes = {};
    for (const name of SAMPLED) {
      await drawRecipe(nodeRed, 'pages', name); // its first page: the recipe's code paths warmed
      const times = [];
      for (let page = 0; page < pages; page++) times.push(await drawRecipe(nodeRed, 'pages', name));
      recipes[name] = median(times);
      all.push(...times);
    }
    return { pages, recipes, medianMs: median(all) };
  } finally {
    await nodeRed.stop();
  }
}

async function memoryPart(withRecipes) {
  const rest = intOption('rest', 10, 0);
  const flows = [...renderFlow('memory'), ...(withRecipes ? recipeFlow('recipes', SAMPLED) : [])];
  const nodeRed = await startNodeRed({ flows });
  try {
    const driver = new RenderDriver(nodeRed, 'memory');
    for (let page = 0; page < pages; page++) await driver.draw(page);
    if (withRecipes)
      for (const name of SAMPLED) for (let page = 0; page < pages; page++) await drawRecipe(nodeRed, 'recipes', name);
    await new Promise((resolve) => setTimeout(resolve, rest * 1000));
    const drawing = drawingProcesses();
    if (drawing.length === 0) throw new Error(`no drawing process ${rest} s after the last page: it was let go`);
    const drawingMB = drawing.reduce((sum, process) => sum + process.rssMB, 0);
    return { withRecipes, rest, processes: drawing.length, drawingMB };
  } finally {
    await nodeRed.stop();
  }
}

async function main() {
  const part = stringOption('part', '');
  if (part === 'first') return firstPart();
  if (part === 'pages') return pagesPart();
  if (part === 'memory-render') return memoryPart(false);
  if (part === 'memory-recipes') return memoryPart(true);
  const args = [`--pages=${pages}`, `--rest=${intOption('rest', 10, 0)}`];
  const quiet = { args, log: null };
  const first = await runChild('trmnl-recipe.js', { ...quiet, args: [...args, '--part=first'] });
  const drawn = await runChild('trmnl-recipe.js', { ...quiet, args: [...args, '--part=pages'] });
  const render = await runChild('trmnl-recipe.js', { ...quiet, args: [...args, '--part=memory-render'] });
  const recipes = await runChild('trmnl-recipe.js', { ...quiet, args: [...args, '--part=memory-recipes'] });
  const processes = (memory) => (memory.processes === 1 ? '' : ` (${memory.processes} processes)`);
  const rows = [
    `first recipe page after deploy (${first.recipe}): ${first.firstMs.toFixed(0)} ms (goal < 1500); the next ${first.secondMs.toFixed(0)} ms`,
    `recipe pages through a flow at 800 x 480, median of ${drawn.pages} each: ${drawn.medianMs.toFixed(0)} ms (goal <= 100)`,
    ...Object.entries(drawn.recipes).map(([name, ms]) => `  ${name}: ${ms.toFixed(0)} ms`),
    `drawing process at rest ${render.rest} s after the last page: render node alone ${render.drawingMB.toFixed(1)} MB${processes(render)}, ` +
      `with recipe pages too ${recipes.drawingMB.toFixed(1)} MB${processes(recipes)}: ${(recipes.drawingMB - render.drawingMB).toFixed(1)} MB above (goal <= 20)`,
  ];
  console.log(rows.join('\n'));
  return { first, pages: drawn, memory: { render, recipes } };
}

runPart(main);
