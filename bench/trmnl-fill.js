'use strict';
/**
 * node bench/trmnl-fill.js [--runs=50]: how long the TRMNL recipe library takes for each public recipe of
 * test/fixtures/trmnl-recipes (with its sample where it has one): reading the folder and parsing its views
 * (once a deploy), and filling the full view into a page's HTML (each message), as medians over the runs;
 * the first fill of the process (the engine made, Intl's data loaded) apart. Uses dist/: build first.
 * Not yet a part of bench/run.js.
 */
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { ROOT, intOption, median, requireDist } = require('./common');

const { readRecipe, compileRecipe, fillRecipe } = requireDist('lib/trmnl');

const RECIPES = path.join(ROOT, 'test', 'fixtures', 'trmnl-recipes');
const runs = intOption('runs', 50);

function sampleOf(name) {
  const file = path.join(RECIPES, name, 'sample.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

function fillOptions(sample) {
  return { view: 'full', data: sample?.data, fields: sample?.custom_fields, trmnl: sample?.trmnl };
}

async function main() {
  const names = fs
    .readdirSync(RECIPES)
    .filter((name) => fs.statSync(path.join(RECIPES, name)).isDirectory())
    .sort();
  const first = { name: names[0] };
  {
    const started = performance.now();
    const compiled = compileRecipe(await readRecipe(path.join(RECIPES, first.name)));
    first.compileMs = performance.now() - started;
    const filling = performance.now();
    fillRecipe(compiled, fillOptions(sampleOf(first.name)));
    first.fillMs = performance.now() - filling;
  }
  const rows = [];
  for (const name of names) {
    const sample = sampleOf(name);
    const compileTimes = [];
    let compiled;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      compiled = compileRecipe(await readRecipe(path.join(RECIPES, name)));
      compileTimes.push(performance.now() - started);
    }
    const fillTimes = [];
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const page = fillRecipe(compiled, fillOptions(sample));
      fillTimes.push(performance.now() - started);
      bytes = page.html.length;
    }
    rows.push({ name, sample: Boolean(sample), compile: median(compileTimes), fill: median(fillTimes), bytes });
  }
  console.log(
    `TRMNL recipes, ${runs} runs each, medians (Node.js ${process.version}, ${process.platform} ${process.arch})`,
  );
  console.log(
    `first of the process (${first.name}): read and parse ${first.compileMs.toFixed(1)} ms, fill ${first.fillMs.toFixed(1)} ms\n`,
  );
  console.log('| recipe | sample | read and parse (ms) | fill full view (ms) | page (KB) |');
  console.log('|---|---|---:|---:|---:|');
  for (const row of rows) {
    const cells = [
      row.name,
      row.sample ? 'yes' : 'no',
      row.compile.toFixed(2),
      row.fill.toFixed(2),
      (row.bytes / 1024).toFixed(1),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  const fills = rows.map((row) => row.fill);
  console.log(
    `\nfill: median of the recipes ${median(fills).toFixed(2)} ms, slowest ${Math.max(...fills).toFixed(2)} ms; ` +
      `read and parse: median ${median(rows.map((row) => row.compile)).toFixed(2)} ms`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
