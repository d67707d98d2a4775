'use strict';
/**
 * The page renderer's fonts, all under the SIL Open Font License 1.1, cut down to the characters a page
 * needs and written into dist/fonts/ with the licence text beside them:
 *
 * - Noto Sans, regular and bold: Latin with every European accent, Greek (polytonic too) and Cyrillic. First
 *   in every page's font stack, so one design draws every word of these scripts.
 * - Noto Sans SC, regular and bold: Simplified Chinese (GB2312's 7,445 characters but its Greek and Cyrillic
 *   rows, which Noto Sans draws), CJK punctuation, full-width forms, arrows and common symbols.
 * - Noto Sans JP, regular and bold: kana, JIS X 0208's symbols and its 2,965 level-1 kanji. First for a page in
 *   Japanese (lang="ja"), so its kanji take their Japanese forms; elsewhere it draws what Noto Sans SC lacks.
 * - Noto Sans TC, regular and bold: Traditional Chinese (Big5's symbols and its 5,401 common characters), with
 *   CJK punctuation in its Traditional forms. First for a page in Traditional Chinese (lang="zh-TW").
 * - Noto Sans KR, regular and bold: KS X 1001's 2,350 Hangul syllables and the Hangul letters.
 * - Noto Sans Arabic, Hebrew, Thai and Devanagari, regular and bold: each script's blocks, with the joiners, the
 *   direction marks and the dotted circle their shaping uses.
 * - Noto Sans Symbols 2, regular only (it has no bold): the symbols the others lack (✗, ✔, ⚡, ❄, ➜ …).
 * - Noto Emoji, regular and bold: every single-character emoji it draws, in black and white.
 *
 * Beside them, for TRMNL recipes (not in the page's font stack: the recipe node names them in the CSS it makes):
 *
 * - Inter, regular, medium, semibold and bold: the framework's own vector font, and what draws its pixel fonts
 *   (TRMNL12, TRMNL16, TRMNL21, NicoClean, NicoPups, BlockKie), which cannot ship here
 *   (src/lib/trmnl/framework/fonts.ts says why Inter matches them best). The characters of Noto Sans.
 *
 * dist/fonts/fonts.json lists the families in the order of the page's font stack, their files, and each
 * family's characters (read from the written regular face's own cmap), so the renderer knows which font a page
 * needs before it loads any, and which characters no font has; its `framework` list holds the recipe node's
 * families the same way. The sets of Chinese and Korean characters are
 * read from Node's decoders of GB2312 (GBK), JIS X 0208 (EUC-JP), Big5 and KS X 1001 (EUC-KR) over their rows.
 * Noto Sans, SC, JP and Symbols 2 are written as TrueType: both of Takumi's builds read it, and it loads
 * fastest (the families pages have always used first). The others are written as WOFF2, which both builds read
 * too, about half the size, unpacked once when a page first needs them. The full fonts come from
 * devDependencies and are never installed with the package. Run by scripts/build.js after the TypeScript
 * build (it reads fonts with dist/lib/render/node-red-process/fonts/font-file.js); the work is skipped while
 * dist/fonts/ is up to date.
 *
 * Cutting the TrueType faces takes under a second; compressing the WOFF2 faces (Brotli at its highest quality)
 * takes half a minute. So the WOFF2 faces are kept in git, in fonts/, each listed in fonts/subsets.json with what it
 * was made from (the full font's package, version and digest, the digest of its characters, the subsetter's
 * versions) and its own digest: a face whose inputs are unchanged is copied from there, any other is made anew and
 * written there too, to be committed with the change that made it (docs/design.md, "The fonts of a fresh clone").
 *
 *   node scripts/fonts.js [--force]     (--force: every face made anew, none copied from fonts/)
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'dist', 'fonts');
const STAMP = 'fonts.json';
/** The code that reads a font file and writes its characters (under src/lib/render/): a change to it writes anew. */
const READER = [
  'node-red-process/fonts/font-file.ts',
  'node-red-process/fonts/font-tables.ts',
  'shared/fonts/coverage.ts',
];
/** The WOFF2 faces as last made, kept in git, and their list. */
const KEPT = path.join(root, 'fonts');
const KEPT_LIST = path.join(KEPT, 'subsets.json');

function range(first, last) {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The characters of a double-byte set, read with Node's decoder for it (rows and cells from 0xA1). */
function doubleByte(encoding, rows) {
  const decoder = new TextDecoder(encoding);
  const codes = [];
  for (const row of rows) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      const character = decoder.decode(Uint8Array.of(row, cell));
      const code = character.codePointAt(0);
      if ([...character].length !== 1 || character === '\ufffd') continue;
      if (code >= 0xe000 && code <= 0xf8ff) continue;
      codes.push(code);
    }
  }
  return codes;
}

/** The characters of Big5 under the lead bytes `leads` (trail bytes 0x40 to 0x7E and 0xA1 to 0xFE). */
function big5(leads) {
  const decoder = new TextDecoder('big5');
  const codes = [];
  for (const lead of leads) {
    for (const trail of [...range(0x40, 0x7e), ...range(0xa1, 0xfe)]) {
      const character = decoder.decode(Uint8Array.of(lead, trail));
      const code = character.codePointAt(0);
      if ([...character].length !== 1 || character === '\ufffd') continue;
      if (code >= 0xe000 && code <= 0xf8ff) continue;
      codes.push(code);
    }
  }
  return codes;
}

/** What shaping a script needs beside its letters: the joiners, the direction marks, the dotted circle. */
const SHAPING = [0x200c, 0x200d, 0x200e, 0x200f, 0x25cc];

const GREEK_AND_CYRILLIC = (code) => (code >= 0x0370 && code <= 0x052f) || (code >= 0x1f00 && code <= 0x1fff);
/** Punctuation, letter-like symbols, arrows, shapes and other symbols a page may use, in any font that has them. */
const SYMBOLS = [
  ...range(0x2000, 0x206f),
  ...range(0x2070, 0x209f),
  ...range(0x20a0, 0x20cf),
  ...range(0x2100, 0x218f),
  ...range(0x2190, 0x21ff),
  ...range(0x2200, 0x22ff),
  ...range(0x2300, 0x23ff),
  ...range(0x2460, 0x24ff),
  ...range(0x2500, 0x25ff),
  ...range(0x2600, 0x27bf),
  ...range(0x2b00, 0x2bff),
];

const FAMILIES = [
  {
    name: 'Noto Sans',
    source: '@expo-google-fonts/noto-sans',
    licence: 'LICENSE_FONT',
    faces: [
      { source: '400Regular/NotoSans_400Regular.ttf', file: 'NotoSans-Regular.ttf', weight: 400 },
      { source: '700Bold/NotoSans_700Bold.ttf', file: 'NotoSans-Bold.ttf', weight: 700 },
    ],
    characters: () => [
      ...range(0x0020, 0x007e),
      ...range(0x00a0, 0x052f),
      ...range(0x1e00, 0x1fff),
      ...range(0x2000, 0x206f),
      ...range(0x20a0, 0x20cf),
      ...range(0x2100, 0x214f),
    ],
  },
  {
    name: 'Noto Sans SC',
    source: '@expo-google-fonts/noto-sans-sc',
    licence: 'LICENSE_FONT',
    faces: [
      { source: '400Regular/NotoSansSC_400Regular.ttf', file: 'NotoSansSC-Regular.ttf', weight: 400 },
      { source: '700Bold/NotoSansSC_700Bold.ttf', file: 'NotoSansSC-Bold.ttf', weight: 700 },
    ],
    characters: () => [
      ...doubleByte('gbk', range(0xa1, 0xf7)).filter((code) => !GREEK_AND_CYRILLIC(code)),
      ...SYMBOLS,
      ...range(0x3000, 0x303f),
      ...range(0x3200, 0x33ff),
      ...range(0xff00, 0xffef),
    ],
  },
  {
    name: 'Noto Sans JP',
    source: '@expo-google-fonts/noto-sans-jp',
    licence: 'LICENSE_FONT',
    faces: [
      { source: '400Regular/NotoSansJP_400Regular.ttf', file: 'NotoSansJP-Regular.ttf', weight: 400 },
      { source: '700Bold/NotoSansJP_700Bold.ttf', file: 'NotoSansJP-Bold.ttf', weight: 700 },
    ],
    // JIS X 0208 by EUC-JP rows: 1 to 5 and 8 (symbols, digits, Latin, kana, box drawing), 16 to 47 (level 1).
    characters: () => [
      ...doubleByte('euc-jp', [...range(0xa1, 0xa5), 0xa8, ...range(0xb0, 0xcf)]),
      ...range(0x3000, 0x30ff),
      ...range(0x31f0, 0x31ff),
      ...range(0xff00, 0xffef),
    ],
  },
  {
    name: 'Noto Sans TC',
    source: '@expo-google-fonts/noto-sans-tc',
    licence: 'LICENSE_FONT',
    format: 'woff2',
    faces: [
      { source: '400Regular/NotoSansTC_400Regular.ttf', file: 'NotoSansTC-Regular.woff2', weight: 400 },
      { source: '700Bold/NotoSansTC_700Bold.ttf', file: 'NotoSansTC-Bold.woff2', weight: 700 },
    ],
    // Big5's symbols (lead bytes 0xA1 to 0xA3, but its Greek, which Noto Sans draws) and its 5,401 common
    // characters (0xA440 to 0xC67E), with CJK punctuation and full-width forms in their Traditional shapes.
    characters: () => [
      ...big5([...range(0xa1, 0xc5)]).filter((code) => !GREEK_AND_CYRILLIC(code)),
      ...big5([0xc6]).filter((code) => code >= 0x4e00),
      ...range(0x3000, 0x303f),
      ...range(0x3100, 0x312f),
      ...range(0xff00, 0xffef),
    ],
  },
  {
    name: 'Noto Sans KR',
    source: '@expo-google-fonts/noto-sans-kr',
    licence: 'LICENSE_FONT',
    format: 'woff2',
    faces: [
      { source: '400Regular/NotoSansKR_400Regular.ttf', file: 'NotoSansKR-Regular.woff2', weight: 400 },
      { source: '700Bold/NotoSansKR_700Bold.ttf', file: 'NotoSansKR-Bold.woff2', weight: 700 },
    ],
    // KS X 1001 by EUC-KR rows: 0xA4 (the compatibility jamo) and 0xB0 to 0xC8 (its 2,350 Hangul syllables).
    characters: () => [
      ...doubleByte('euc-kr', [0xa4, ...range(0xb0, 0xc8)]),
      ...range(0x3000, 0x303f),
      ...range(0xff00, 0xffef),
    ],
  },
  {
    name: 'Noto Sans Arabic',
    source: '@expo-google-fonts/noto-sans-arabic',
    licence: 'LICENSE_FONT',
    format: 'woff2',
    faces: [
      { source: '400Regular/NotoSansArabic_400Regular.ttf', file: 'NotoSansArabic-Regular.woff2', weight: 400 },
      { source: '700Bold/NotoSansArabic_700Bold.ttf', file: 'NotoSansArabic-Bold.woff2', weight: 700 },
    ],
    characters: () => [
      ...range(0x0600, 0x06ff),
      ...range(0x0750, 0x077f),
      ...range(0x0870, 0x08ff),
      ...range(0xfb50, 0xfdff),
      ...range(0xfe70, 0xfeff),
      ...SHAPING,
    ],
  },
  {
    name: 'Noto Sans Hebrew',
    source: '@expo-google-fonts/noto-sans-hebrew',
    licence: 'LICENSE_FONT',
    format: 'woff2',
    faces: [
      { source: '400Regular/NotoSansHebrew_400Regular.ttf', file: 'NotoSansHebrew-Regular.woff2', weight: 400 },
      { source: '700Bold/NotoSansHebrew_700Bold.ttf', file: 'NotoSansHebrew-Bold.woff2', weight: 700 },
    ],
    characters: () => [...range(0x0590, 0x05ff), ...range(0xfb1d, 0xfb4f), ...SHAPING],
  },
  {
    name: 'Noto Sans Thai',
    source: '@expo-google-fonts/noto-sans-thai',
    licence: 'LICENSE_FONT',
    format: 'woff2',
    faces: [
      { source: '400Regular/NotoSansThai_400Regular.ttf', file: 'NotoSansThai-Regular.woff2', weight: 400 },
      { source: '700Bold/NotoSansThai_700Bold.ttf', file: 'NotoSansThai-Bold.woff2', weight: 700 },
    ],
    characters: () => [...range(0x0e00, 0x0e7f), ...SHAPING],
  },
  {
    name: 'Noto Sans Devanagari',
    source: '@expo-google-fonts/noto-sans-devanagari',
    licence: 'LICENSE_FONT',
    format: 'woff2',
    faces: [
      {
        source: '400Regular/NotoSansDevanagari_400Regular.ttf',
        file: 'NotoSansDevanagari-Regular.woff2',
        weight: 400,
      },
      { source: '700Bold/NotoSansDevanagari_700Bold.ttf', file: 'NotoSansDevanagari-Bold.woff2', weight: 700 },
    ],
    characters: () => [...range(0x0900, 0x097f), ...range(0x1cd0, 0x1cff), ...range(0xa8e0, 0xa8ff), ...SHAPING],
  },
  {
    name: 'Noto Sans Symbols 2',
    source: '@fontsource/noto-sans-symbols-2',
    licence: 'LICENSE',
    faces: [
      {
        source: 'files/noto-sans-symbols-2-symbols-400-normal.woff2',
        file: 'NotoSansSymbols2-Regular.ttf',
        weight: 400,
      },
    ],
    characters: () => SYMBOLS,
  },
  {
    name: 'Noto Emoji',
    source: '@expo-google-fonts/noto-emoji',
    licence: 'LICENSE_FONT',
    format: 'woff2',
    faces: [
      { source: '400Regular/NotoEmoji_400Regular.ttf', file: 'NotoEmoji-Regular.woff2', weight: 400 },
      { source: '700Bold/NotoEmoji_700Bold.ttf', file: 'NotoEmoji-Bold.woff2', weight: 700 },
    ],
    // Every emoji it draws (its sequences too: they are ligatures of these), but the digits, # and * of keycaps,
    // which Noto Sans draws as the letters they are.
    characters: (full) => [...full].filter((code) => code >= 0x2000),
  },
];

/** The TRMNL framework's fonts: not in the page's font stack. */
const FRAMEWORK_FAMILIES = [
  {
    name: 'Inter',
    source: '@expo-google-fonts/inter',
    licence: 'LICENSE_FONT',
    format: 'woff2',
    faces: [
      { source: '400Regular/Inter_400Regular.ttf', file: 'Inter-Regular.woff2', weight: 400 },
      { source: '500Medium/Inter_500Medium.ttf', file: 'Inter-Medium.woff2', weight: 500 },
      { source: '600SemiBold/Inter_600SemiBold.ttf', file: 'Inter-SemiBold.woff2', weight: 600 },
      { source: '700Bold/Inter_700Bold.ttf', file: 'Inter-Bold.woff2', weight: 700 },
    ],
    characters: FAMILIES[0].characters,
  },
];

function* codePoints(coverage) {
  for (let i = 0; i < coverage.ranges.length; i += 2) {
    for (let code = coverage.ranges[i]; code <= coverage.ranges[i + 1]; code++) yield code;
  }
}

function sourceDir(family) {
  return path.dirname(require.resolve(`${family.source}/package.json`));
}

function sha256(data) {
  return crypto.createHash('sha256').update(data).digest('hex');
}

function expectedStamp() {
  const script = fs.readFileSync(__filename);
  return {
    licence: 'SIL Open Font License 1.1 (OFL.txt)',
    script: sha256(script),
    reader: sha256(READER.map((file) => fs.readFileSync(path.join(root, 'src', 'lib', 'render', file))).join('\n')),
    sources: [...FAMILIES, ...FRAMEWORK_FAMILIES].map(
      (family) => `${family.source}@${require(`${family.source}/package.json`).version}`,
    ),
  };
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(path.join(out, STAMP), 'utf8'));
  } catch {
    return undefined;
  }
}

function upToDate(stamp) {
  const written = readStamp();
  if (!written || JSON.stringify(written.stamp) !== JSON.stringify(stamp)) return false;
  const files = [...written.families, ...(written.framework ?? [])].flatMap((family) =>
    family.faces.map((face) => face.file),
  );
  return [...files, 'OFL.txt'].every((file) => fs.existsSync(path.join(out, file)));
}

/** The folder and version of a package the subsetter uses, found as the package `from` requires it. */
function versionOf(name, from) {
  // Up from its entry: not every package exports its package.json.
  let dir = path.dirname(require.resolve(name, { paths: [from] }));
  while (!fs.existsSync(path.join(dir, 'package.json')) || require(path.join(dir, 'package.json')).name !== name) {
    if (dir === path.dirname(dir)) throw new Error(`no package.json of ${name} above its entry`);
    dir = path.dirname(dir);
  }
  return { dir, version: require(path.join(dir, 'package.json')).version };
}

/** subset-font and what cuts and compresses for it (harfbuzzjs, and wawoff2 through fontverter). */
function subsetterVersions() {
  const subsetter = versionOf('subset-font', root);
  const converter = versionOf('fontverter', subsetter.dir);
  const versions = [
    `subset-font@${subsetter.version}`,
    `harfbuzzjs@${versionOf('harfbuzzjs', subsetter.dir).version}`,
    `fontverter@${converter.version}`,
    `wawoff2@${versionOf('wawoff2', converter.dir).version}`,
  ];
  return versions.join(' ');
}

/** What a face is made from: its entry in fonts/subsets.json, which must match for the kept face to be used. */
function faceInputs(family, face, full, wanted, subsetter) {
  return {
    source: `${family.source}@${require(`${family.source}/package.json`).version}/${face.source}`,
    sourceSha256: sha256(full),
    charactersSha256: sha256(wanted),
    format: family.format ?? 'truetype',
    subsetter,
  };
}

function readKeptList() {
  try {
    return JSON.parse(fs.readFileSync(KEPT_LIST, 'utf8'));
  } catch {
    return {};
  }
}

/** The face kept in fonts/ when it was made from these inputs and is whole; undefined otherwise. */
function keptFace(kept, file, inputs) {
  const entry = kept[file];
  if (!entry || JSON.stringify(entry.inputs) !== JSON.stringify(inputs)) return undefined;
  try {
    const data = fs.readFileSync(path.join(KEPT, file));
    return sha256(data) === entry.sha256 ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * fonts/ as this build leaves it: the WOFF2 faces `made` anew written there, every face `entries` does not list
 * removed, and the list written when it changed.
 */
function writeKept(kept, entries, made) {
  fs.mkdirSync(KEPT, { recursive: true });
  for (const [file, data] of made) fs.writeFileSync(path.join(KEPT, file), data);
  for (const file of fs.readdirSync(KEPT)) {
    if (file !== path.basename(KEPT_LIST) && !(file in entries)) fs.rmSync(path.join(KEPT, file));
  }
  if (JSON.stringify(kept) !== JSON.stringify(entries)) {
    fs.writeFileSync(KEPT_LIST, `${JSON.stringify(entries, null, 2)}\n`);
  }
}

/**
 * Each of `families` (all, the framework's too, by default) with the characters it is cut to, and each face with
 * its full font and what it is made from.
 */
function plannedFaces(families = [...FAMILIES, ...FRAMEWORK_FAMILIES]) {
  const { readFontFile } = require(path.join(root, 'dist', 'lib', 'render', 'node-red-process', 'fonts', 'font-file'));
  const subsetter = subsetterVersions();
  return families.map((family) => {
    const regular = fs.readFileSync(path.join(sourceDir(family), family.faces[0].source));
    const wanted = String.fromCodePoint(...new Set(family.characters(codePoints(readFontFile(regular).coverage))));
    const faces = family.faces.map((face) => {
      const full = fs.readFileSync(path.join(sourceDir(family), face.source));
      return { face, full, inputs: faceInputs(family, face, full, wanted, subsetter) };
    });
    return { family, wanted, faces };
  });
}

/**
 * Writes dist/fonts/ unless it is up to date (false then); `force`: every face made anew, none taken from fonts/.
 * Resolves with how many faces were taken from fonts/ and which were written there.
 */
async function buildFonts({ force = false } = {}) {
  const stamp = expectedStamp();
  if (!force && upToDate(stamp)) return false;
  const subsetFont = require('subset-font');
  const { readFontFile } = require(path.join(root, 'dist', 'lib', 'render', 'node-red-process', 'fonts', 'font-file'));
  // Anew: no font of an earlier build stays behind to be packed.
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const kept = readKeptList();
  const entries = {};
  const made = new Map();
  let taken = 0;
  const families = [];
  const framework = [];
  for (const [list, written] of [
    [FAMILIES, families],
    [FRAMEWORK_FAMILIES, framework],
  ]) {
    for (const { family, wanted, faces } of plannedFaces(list)) {
      let coverage;
      for (const { face, full, inputs } of faces) {
        const keepable = inputs.format === 'woff2';
        let subset = keepable && !force ? keptFace(kept, face.file, inputs) : undefined;
        if (subset) taken += 1;
        else {
          subset = await subsetFont(full, wanted, { targetFormat: inputs.format });
          if (keepable) made.set(face.file, subset);
        }
        if (keepable) entries[face.file] = { inputs, sha256: sha256(subset) };
        fs.writeFileSync(path.join(out, face.file), subset);
        coverage ??= readFontFile(subset).coverage;
      }
      written.push({
        name: family.name,
        faces: family.faces.map(({ file, weight }) => ({ file, weight })),
        characters: coverage.size,
        coverage: coverage.toText(),
      });
    }
  }
  writeKept(kept, entries, made);
  // Every family is under the SIL Open Font License 1.1, each with its own copyright line: all kept.
  const licences = [...FAMILIES, ...FRAMEWORK_FAMILIES].map(
    (family) => `${family.name}\n\n${fs.readFileSync(path.join(sourceDir(family), family.licence), 'utf8').trim()}\n`,
  );
  fs.writeFileSync(path.join(out, 'OFL.txt'), licences.join(`\n${'-'.repeat(78)}\n\n`));
  fs.writeFileSync(path.join(out, STAMP), `${JSON.stringify({ stamp, families, framework }, null, 1)}\n`);
  return { taken, written: [...made.keys()] };
}

module.exports = { buildFonts, plannedFaces, readKeptList, FAMILIES, FRAMEWORK_FAMILIES, KEPT };

if (require.main === module) {
  const started = Date.now();
  buildFonts({ force: process.argv.includes('--force') }).then(
    (built) => {
      if (!built) return;
      const written = built.written.length > 0 ? `; written to fonts/ (commit them): ${built.written.join(', ')}` : '';
      console.log(
        `fonts: dist/fonts/ written in ${Date.now() - started} ms, ${built.taken} faces from fonts/${written}`,
      );
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
