'use strict';
/**
 * The Material Design Icons a page can show (`<img src="icon:NAME">`), taken at build time from the `@mdi/svg`
 * package (a devDependency: one SVG file per icon and meta.json with every name and alias) and written into
 * dist/icons/ as 64 small files: each holds the icons whose name hashes to it (FNV-1a, 32 bits, modulo 64), one
 * a line, `name path-data`, and each alias as `alias =name`. The renderer reads the one file of a name it is
 * asked for (about 50 KB), so only the icons a page uses are ever loaded; the renderer remembers the last 200 names
 * looked up (their paths, a few kilobytes each at most) and nothing else.
 * The icons' licence (Apache 2.0, from the Pictogrammers) is written beside them. Run by scripts/build.js after the
 * TypeScript build (it shares the icons out as the renderer looks them up, with
 * dist/lib/render/drawing-process/pictures/icon-files.js); skipped while dist/icons/ is up to date.
 *
 *   node scripts/icons.js [--force]
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'dist', 'icons');
const SOURCE_PACKAGE = '@mdi/svg';
const STAMP = 'icons.json';
/** Which file holds an icon's name: the renderer's own rule, compiled (its source stamps the icons written). */
const ICON_FILES_MODULE = path.join('lib', 'render', 'drawing-process', 'pictures', 'icon-files');

function iconFiles() {
  return require(path.join(root, 'dist', ICON_FILES_MODULE));
}

function sourceDir() {
  return path.dirname(require.resolve(`${SOURCE_PACKAGE}/package.json`));
}

function expectedStamp() {
  return {
    source: `${SOURCE_PACKAGE}@${require(`${SOURCE_PACKAGE}/package.json`).version}`,
    licence: 'Pictogrammers Free License: icons under Apache 2.0 (LICENSE.txt)',
    script: crypto.createHash('sha256').update(fs.readFileSync(__filename)).digest('hex'),
    files: crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(root, 'src', `${ICON_FILES_MODULE}.ts`)))
      .digest('hex'),
  };
}

function upToDate(stamp) {
  const { ICON_FILES, iconFileName } = iconFiles();
  try {
    const written = JSON.parse(fs.readFileSync(path.join(out, STAMP), 'utf8'));
    return (
      JSON.stringify(written.stamp) === JSON.stringify(stamp) &&
      fs.existsSync(path.join(out, iconFileName(ICON_FILES - 1)))
    );
  } catch {
    return false;
  }
}

function buildIcons({ force = false } = {}) {
  const stamp = expectedStamp();
  if (!force && upToDate(stamp)) return false;
  const { ICON_FILES, iconFileName, iconFileOf } = iconFiles();
  const dir = sourceDir();
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8'));
  const files = Array.from({ length: ICON_FILES }, () => []);
  let icons = 0;
  for (const icon of meta) {
    const svg = fs.readFileSync(path.join(dir, 'svg', `${icon.name}.svg`), 'utf8');
    const found = /<path\s[^>]*?\bd="([^"]+)"/.exec(svg);
    if (!found || !/viewBox="0 0 24 24"/.test(svg) || (svg.match(/<path\b/g) || []).length !== 1) {
      throw new Error(`${SOURCE_PACKAGE}: ${icon.name}.svg is not one path on a 24 x 24 grid`);
    }
    files[iconFileOf(icon.name)].push(`${icon.name} ${found[1]}`);
    for (const alias of icon.aliases) files[iconFileOf(alias)].push(`${alias} =${icon.name}`);
    icons++;
  }
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  files.forEach((lines, file) => fs.writeFileSync(path.join(out, iconFileName(file)), `\n${lines.join('\n')}\n`));
  fs.copyFileSync(path.join(dir, 'LICENSE'), path.join(out, 'LICENSE.txt'));
  fs.writeFileSync(path.join(out, STAMP), `${JSON.stringify({ stamp, icons, files: ICON_FILES }, null, 1)}\n`);
  return true;
}

module.exports = { buildIcons };

if (require.main === module) {
  const started = Date.now();
  try {
    if (buildIcons({ force: process.argv.includes('--force') })) {
      console.log(`icons: dist/icons/ written in ${Date.now() - started} ms`);
    }
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
