'use strict';
/**
 * npm run gallery: draws the pictures of the README's gallery into docs/gallery/: each built-in layout of the
 * render node in English and Chinese, the morning brief of examples/morning-brief.json, the photo frame's
 * page for the four-colour display and the TRMNL recipe of examples/trmnl-recipe.json, each with the template
 * (or recipe) and the sample data the package and the examples ship. Pages are drawn by the package itself (dist/, so build first) on a host without fonts where it can
 * hide them (as root: /usr/share/fonts is covered in a private mount namespace), so a picture shows what a
 * Node-RED container without any font draws. The gallery test runs this on every test run and reads each
 * picture back (test/render/gallery.test.ts): the pictures cannot drift from what the code draws.
 *
 *   node scripts/gallery.js [folder]   (default docs/gallery)
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const GALLERY_DIR = path.join(ROOT, 'docs', 'gallery');
const LANGUAGES = ['en-US', 'zh-CN'];

function exampleNodes(name) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', `${name}.json`), 'utf8'));
}

function nodeNamed(nodes, name) {
  const node = nodes.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`examples: no node "${name}"`);
  return node;
}

/** Runs a function node's code of an example on a message, as Node-RED would (no context needed). */
function runFunctionNode(node, msg) {
  return new Function('msg', node.func)(msg);
}

/** The morning brief's page as the example draws it from its stand-in's answers, with sample to-dos. */
function morningBrief() {
  const nodes = exampleNodes('morning-brief');
  const answers = runFunctionNode(nodeNamed(nodes, "stand-in: Home Assistant's answers"), {});
  const titles = ['Buy milk', 'Water the plants', 'Pay the rent', 'Fix the bike', 'Order cat food', 'Book a haircut'];
  const message = {
    payload: {
      today: Date.now(),
      weather: Object.values(answers.weatherAnswer.service_response)[0].forecast[0],
      events: Object.values(answers.payload.service_response).flatMap((calendar) => calendar.events),
      todos: [...titles, 'Wash the car', 'Mend the fence', 'Sort the post', 'Clean the oven'].map((title) => ({
        title,
      })),
    },
  };
  const render = nodeNamed(nodes, 'morning page');
  return { name: 'morning-brief', template: render.template, message, colors: render.colors, dither: render.dither };
}

/** The photo frame's page for the four-colour display: its second sample picture, in black, white, red and yellow. */
function fourColourPhoto() {
  const nodes = exampleNodes('photo-frame');
  const next = nodeNamed(nodes, 'next picture');
  const samples = new Function(`${next.func.slice(next.func.indexOf('function sampleSvgs'))}\nreturn sampleSvgs();`)();
  const message = { payload: `data:image/svg+xml;base64,${Buffer.from(samples[1]).toString('base64')}` };
  const render = nodeNamed(nodes, 'fitted and dithered');
  return { name: 'four-colour-photo', template: render.template, message, colors: 'bwry', dither: 'floyd-steinberg' };
}

/** The TRMNL recipe example's page: its pasted recipe, drawn with its sample data as the node draws it. */
function trmnlRecipe() {
  const node = exampleNodes('trmnl-recipe').find((candidate) => candidate.type === 'device-cloud-trmnl-recipe');
  if (!node) throw new Error('examples: no TRMNL recipe node in trmnl-recipe.json');
  return { name: 'trmnl-recipe', recipeNode: node, message: JSON.parse(node.sample), colors: node.colors };
}

/** Draws a recipe node's page with the node's own code (its settings, its sample as the data). */
async function drawRecipe(renderer, page) {
  const { compileRecipe } = require(path.join(ROOT, 'dist', 'lib', 'trmnl'));
  const { readRecipeSetting } = require(path.join(ROOT, 'dist', 'nodes', 'trmnl-recipe', 'recipe-setting.js'));
  const { drawRecipePage } = require(path.join(ROOT, 'dist', 'nodes', 'trmnl-recipe', 'recipe-page.js'));
  const node = page.recipeNode;
  const compiled = compileRecipe(await readRecipeSetting(node, ROOT));
  const { png } = await drawRecipePage(
    renderer,
    { ...node, compiled, data: page.message, fields: node.fields, hidden: [], fonts: undefined },
    new AbortController().signal,
  );
  return png;
}

/** Every picture of the gallery: its file name (without .png) and what to draw. */
function galleryPages() {
  const { LAYOUTS } = require(path.join(ROOT, 'dist', 'lib', 'render'));
  const layouts = LAYOUTS.flatMap((layout) =>
    LANGUAGES.map((language) => ({
      name: `layout-${layout.id}-${language}`,
      template: layout.template[language],
      message: layout.sample[language],
      colors: 'bw',
      dither: 'none',
    })),
  );
  return [...layouts, morningBrief(), fourColourPhoto(), trmnlRecipe()];
}

/** Draws each page with the package's renderer and writes it to `dir`; resolves with the files written. */
async function drawInto(dir, pages) {
  const { PageRenderer } = require(path.join(ROOT, 'dist', 'lib', 'render'));
  const renderer = new PageRenderer();
  fs.mkdirSync(dir, { recursive: true });
  const files = [];
  try {
    for (const page of pages) {
      const png = page.recipeNode
        ? await drawRecipe(renderer, page)
        : await renderer.render({
            template: page.template,
            message: page.message,
            colors: page.colors,
            dither: page.dither,
            layoutRules: 'html',
          });
      const file = path.join(dir, `${page.name}.png`);
      fs.writeFileSync(file, png);
      files.push(file);
    }
  } finally {
    await renderer.close();
  }
  return files;
}

/** Whether this process may hide the host's fonts (a private mount namespace needs root). */
function canHideHostFonts() {
  return process.getuid?.() === 0 && fs.existsSync('/usr/share/fonts');
}

/**
 * Draws the gallery into `dir` (docs/gallery by default), on a host without fonts where possible: then in a child
 * process with /usr/share/fonts hidden. Resolves with `{files, withoutHostFonts}`.
 */
async function drawGallery(dir = GALLERY_DIR) {
  if (!canHideHostFonts()) return { files: await drawInto(dir, galleryPages()), withoutHostFonts: false };
  const hidden = `mount -t tmpfs none /usr/share/fonts && exec "${process.execPath}" "$0" --without-host-fonts "$1"`;
  const output = execFileSync('unshare', ['-m', 'sh', '-c', hidden, __filename, dir], { cwd: ROOT, encoding: 'utf8' });
  return { files: JSON.parse(output), withoutHostFonts: true };
}

module.exports = { GALLERY_DIR, drawGallery, galleryPages };

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] === '--without-host-fonts') {
    if (fs.readdirSync('/usr/share/fonts').length !== 0) throw new Error('the host fonts are not hidden');
    drawInto(args[1], galleryPages()).then((files) => process.stdout.write(JSON.stringify(files)));
  } else {
    drawGallery(args[0] ? path.resolve(args[0]) : GALLERY_DIR).then(
      ({ files, withoutHostFonts }) => {
        for (const file of files) {
          console.log(`${path.relative(process.cwd(), file)}  ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
        }
        if (!withoutHostFonts) console.log('(drawn with the host fonts present: run as root to hide them)');
      },
      (error) => {
        console.error(`gallery: ${error.message}`);
        process.exitCode = 1;
      },
    );
  }
}
