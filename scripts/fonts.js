'use strict';
/**
 * The page renderer's fonts: Noto Sans SC (SIL Open Font License 1.1), regular and bold, cut down to the
 * characters a page needs (GB2312's 7,445 characters, Latin, punctuation and common symbols), written as
 * TrueType into dist/fonts/ with the licence text beside them. TrueType rather than WOFF: both of Takumi's
 * builds read it (its WebAssembly build reads no WOFF), it loads fastest, and the package's tarball is
 * compressed anyway. The full fonts come from a devDependency and are never installed with the package. Run by scripts/build.js; the work is skipped while dist/fonts/ is up to date.
 *
 *   node scripts/fonts.js [--force]
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'dist', 'fonts');
const SOURCE_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const FACES = [
  { source: '400Regular/NotoSansSC_400Regular.ttf', file: 'NotoSansSC-Regular.ttf' },
  { source: '700Bold/NotoSansSC_700Bold.ttf', file: 'NotoSansSC-Bold.ttf' },
];
const STAMP = 'fonts.json';

/** Latin, Greek, Cyrillic, punctuation, symbols, CJK punctuation, full-width forms: kept where the font has them. */
const RANGES = [
  [0x0020, 0x007e],
  [0x00a0, 0x024f],
  [0x0370, 0x03ff],
  [0x0400, 0x045f],
  [0x2000, 0x206f],
  [0x2070, 0x209f],
  [0x20a0, 0x20bf],
  [0x2100, 0x218f],
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
  [0x2300, 0x23ff],
  [0x2460, 0x24ff],
  [0x2500, 0x25ff],
  [0x2600, 0x27bf],
  [0x3000, 0x303f],
  [0x3200, 0x33ff],
  [0xff00, 0xffef],
];

/** GB2312: the double-byte area 0xA1A1..0xF7FE, read with Node's GBK decoder (user-defined rows excluded). */
function gb2312() {
  const decoder = new TextDecoder('gbk');
  const characters = new Set();
  for (let row = 0xa1; row <= 0xf7; row++) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      const character = decoder.decode(Uint8Array.of(row, cell));
      const code = character.codePointAt(0);
      if ([...character].length !== 1 || character === '\ufffd') continue;
      if (code >= 0xe000 && code <= 0xf8ff) continue;
      characters.add(character);
    }
  }
  return characters;
}

function characterSet() {
  const characters = gb2312();
  for (const [first, last] of RANGES) {
    for (let code = first; code <= last; code++) characters.add(String.fromCodePoint(code));
  }
  return [...characters].sort().join('');
}

function sourceDir() {
  return path.dirname(require.resolve(`${SOURCE_PACKAGE}/package.json`));
}

function expectedStamp(characters) {
  const script = fs.readFileSync(__filename);
  return {
    source: `${SOURCE_PACKAGE}@${require(`${SOURCE_PACKAGE}/package.json`).version}`,
    licence: 'SIL Open Font License 1.1 (OFL.txt)',
    characters: crypto.createHash('sha256').update(characters).digest('hex'),
    script: crypto.createHash('sha256').update(script).digest('hex'),
    files: FACES.map((face) => face.file),
  };
}

function upToDate(stamp) {
  try {
    const written = fs.readFileSync(path.join(out, STAMP), 'utf8');
    const present = [...stamp.files, 'OFL.txt'].every((file) => fs.existsSync(path.join(out, file)));
    return present && written === `${JSON.stringify(stamp, null, 2)}\n`;
  } catch {
    return false;
  }
}

async function buildFonts({ force = false } = {}) {
  const characters = characterSet();
  const stamp = expectedStamp(characters);
  if (!force && upToDate(stamp)) return false;
  const subsetFont = require('subset-font');
  // Anew: no font of an earlier build stays behind to be packed.
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  for (const face of FACES) {
    const full = fs.readFileSync(path.join(sourceDir(), face.source));
    const subset = await subsetFont(full, characters, { targetFormat: 'truetype' });
    fs.writeFileSync(path.join(out, face.file), subset);
  }
  fs.copyFileSync(path.join(sourceDir(), 'LICENSE_FONT'), path.join(out, 'OFL.txt'));
  fs.writeFileSync(path.join(out, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
  return true;
}

module.exports = { buildFonts, characterSet };

if (require.main === module) {
  const started = Date.now();
  buildFonts({ force: process.argv.includes('--force') }).then(
    (built) => {
      if (built) console.log(`fonts: dist/fonts/ written in ${Date.now() - started} ms`);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
