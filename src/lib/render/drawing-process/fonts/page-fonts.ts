/**
 * The fonts a page is drawn with. The package ships Noto families (dist/fonts, written by scripts/fonts.js): Noto Sans
 * (Latin, Greek, Cyrillic), Noto Sans SC, JP and TC (Chinese in its Simplified forms, Japanese, Chinese in its
 * Traditional forms), Noto Sans KR (Hangul), Noto Sans Arabic, Hebrew, Thai and Devanagari, Noto Sans Symbols 2 and
 * Noto Emoji, each with the list of its characters. Every page's text falls back through them in that order, but where
 * a language writes with characters several of them draw: in an element whose `lang` is Japanese, Noto Sans JP comes
 * before the Chinese families, so kanji take their Japanese forms; Traditional Chinese (`zh-TW`, `zh-HK`, `zh-MO`,
 * `zh-Hant`) puts Noto Sans TC first, Korean Noto Sans KR. A node may add fonts of its own (files the user names, see
 * ../../node-red-process/fonts/own-fonts), used where a template names their family in `font-family`.
 *
 * Before a page is drawn, its text is read character by character: the face of each family that draws one of
 * them, at the weight of its text (regular or bold), is read and registered with the engine if it is not there
 * yet, and a character no font of the page has is reported with its place. Only Noto Sans starts loading with
 * the engine, as nearly every page has Latin letters or digits; a font file no page's text has touched is
 * neither read nor registered.
 */
import { closeSync, fstatSync, openSync, read, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Coverage } from '../../shared/fonts/coverage';
import { FONTS_DIR } from '../shipped-files';
import type { FontFace, FontFamily, OwnFonts } from '../../shared/fonts/font-types';
import type { SourcePlace } from '../../shared/source-map';

/** A run of the page's text, the families that may draw it (first choice first), and where it is written. */
export interface PageText {
  text: string;
  /** Where the character at an offset of `text` was written in the template. */
  placeAt: (offset: number) => SourcePlace;
  families: readonly string[];
  /** Its CSS font weight (400 regular, 700 bold). */
  weight: number;
}

/**
 * The family whose forms a language takes where families share characters (Chinese characters, CJK punctuation),
 * moved to the front of the stack after Noto Sans; a language not named here keeps the stack as shipped.
 */
const LANGUAGE_FIRST: readonly { lang: RegExp; families: readonly string[] }[] = [
  { lang: /^ja\b/i, families: ['Noto Sans JP'] },
  { lang: /^zh-(?:hant|tw|hk|mo)\b/i, families: ['Noto Sans TC'] },
  { lang: /^ko\b/i, families: ['Noto Sans KR', 'Noto Sans TC'] },
];

interface ShippedFamily {
  name: string;
  faces: { file: string; weight: number }[];
  coverage: string;
}

interface FontsFile {
  families: ShippedFamily[];
  /** The families that draw TRMNL's framework fonts (Inter): named by a recipe's CSS, never fallen back to. */
  framework?: ShippedFamily[];
}

/** The family a drawing process starts loading with its engine, before any page asks. */
const STARTING_FAMILY = 'Noto Sans';

let shipped: Map<string, FontFamily> | undefined;
/** The stack as shipped, and the stack of each language that reorders it (one array each: compared by identity). */
let shippedOrder: readonly string[] | undefined;
const languageOrders = new Map<number, readonly string[]>();

/**
 * A file's bytes, read by one call on Node.js's thread pool: not in pieces, each of which would wait for the
 * event loop (busy loading the engine while the fonts are read).
 */
function readWhole(path: string): Promise<Uint8Array> {
  // What the executor throws (a file that is missing) rejects the promise.
  return new Promise((resolve, reject) => {
    const descriptor = openSync(path, 'r');
    let bytes: Buffer;
    try {
      bytes = Buffer.allocUnsafe(fstatSync(descriptor).size);
    } catch (error) {
      closeSync(descriptor);
      throw error;
    }
    const readFrom = (offset: number): void =>
      read(descriptor, bytes, offset, bytes.length - offset, offset, (error, count) => {
        if (!error && count > 0 && offset + count < bytes.length) {
          readFrom(offset + count);
          return;
        }
        closeSync(descriptor);
        if (error) reject(error);
        else resolve(bytes.subarray(0, offset + count));
      });
    readFrom(0);
  });
}

let framework: Map<string, FontFamily> | undefined;

function familyOf(family: ShippedFamily): [string, FontFamily] {
  let coverage: Coverage | undefined;
  const faces = family.faces.map(({ file: face, weight }) => ({
    name: family.name,
    weight,
    style: 'normal' as const,
    key: face,
    load: () => readWhole(join(FONTS_DIR, face)),
  }));
  // Read when a page's text first falls back to it: most pages never reach the later families.
  const read = {
    name: family.name,
    faces,
    coverage: { has: (code: number) => (coverage ??= Coverage.fromText(family.coverage)).has(code) },
  };
  return [family.name, read];
}

function readFontsFile(): void {
  const file = JSON.parse(readFileSync(join(FONTS_DIR, 'fonts.json'), 'utf8')) as FontsFile;
  shipped = new Map(file.families.map(familyOf));
  framework = new Map((file.framework ?? []).map(familyOf));
}

/** The shipped families by name, in the order of the page's font stack (read once, on the first page). */
export function shippedFamilies(): Map<string, FontFamily> {
  if (!shipped) readFontsFile();
  return shipped as Map<string, FontFamily>;
}

/** The shipped families that draw the TRMNL framework's fonts, by name. */
function frameworkFamilies(): Map<string, FontFamily> {
  if (!framework) readFontsFile();
  return framework as Map<string, FontFamily>;
}

/** The faces a drawing process loads as it starts: Noto Sans's, which nearly every page needs. */
export function startingFaces(): FontFace[] {
  return [...(shippedFamilies().get(STARTING_FAMILY)?.faces ?? [])];
}

/** The shipped families in the order an element of language `lang` falls back through them. */
export function fontStack(lang: string | undefined): readonly string[] {
  shippedOrder ??= [...shippedFamilies().keys()];
  const trimmed = lang?.trim() ?? '';
  const index = LANGUAGE_FIRST.findIndex((rule) => rule.lang.test(trimmed));
  if (index === -1) return shippedOrder;
  let order = languageOrders.get(index);
  if (!order) {
    const first = LANGUAGE_FIRST[index].families.filter((name) => shippedOrder?.includes(name));
    const [head, ...rest] = shippedOrder.filter((name) => !first.includes(name));
    order = [head, ...first, ...rest];
    languageOrders.set(index, order);
  }
  return order;
}

/** A font stack as a CSS `font-family` value. */
export function cssFamilies(names: readonly string[]): string {
  return names.map((name) => (/^[a-z-]+$/.test(name) ? name : JSON.stringify(name))).join(', ');
}

const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'emoji',
  'math',
  'fangsong',
  'inherit',
  'initial',
  'unset',
]);

/** The names of a `font-family` value, unquoted, in order. */
export function familyNames(value: string): string[] {
  const names: string[] = [];
  for (const part of value.match(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^,]+/g) ?? []) {
    const name = part
      .trim()
      .replace(/^(["'])(.*)\1$/s, '$2')
      .replace(/\s+/g, ' ')
      .trim();
    if (name !== '') names.push(name);
  }
  return names;
}

/** The families a page can draw with: the shipped ones and the node's own, and how a template names them. */
export class PageFonts {
  /** Every family by the name the engine knows it by. */
  private readonly families = new Map<string, FontFamily>();
  /** A template's name for a family (lower case) and the name the engine knows it by. */
  private readonly byCssName = new Map<string, string>();

  constructor(own?: OwnFonts) {
    for (const [name, family] of [...shippedFamilies(), ...frameworkFamilies()]) {
      this.families.set(name, family);
      this.byCssName.set(name.toLowerCase(), name);
    }
    for (const family of own?.families ?? []) {
      this.families.set(family.name, family);
      this.byCssName.set(family.cssName.toLowerCase(), family.name);
    }
  }

  /**
   * The families a `font-family` declaration of the template names, each by the name the engine knows it by.
   * `unknown` gets each named family that no font of the page has (a generic family such as `serif` is no font
   * either, but not one to report: the page's own fonts draw it, as a host without that kind of font would).
   */
  named(value: string, unknown: (name: string) => void): string[] {
    const out: string[] = [];
    for (const name of familyNames(value)) {
      const known = this.byCssName.get(name.toLowerCase());
      if (known !== undefined) {
        if (!out.includes(known)) out.push(known);
      } else if (!GENERIC_FAMILIES.has(name.toLowerCase())) {
        unknown(name);
      }
    }
    return out;
  }

  /**
   * The faces the page's text needs (every face of each family that draws one of its characters), and the
   * characters no family of their run has, each once, with the place of its first run.
   */
  needs(texts: readonly PageText[]): { faces: FontFace[]; missing: { character: string; place: SourcePlace }[] } {
    const used = new Map<FontFamily, Set<number>>();
    const missing = new Map<number, SourcePlace>();
    for (const { text, placeAt, families, weight } of texts) {
      const chain = families.map((name) => this.families.get(name)).filter((family) => family !== undefined);
      let offset = 0;
      for (const character of text) {
        const code = character.codePointAt(0) as number;
        offset += character.length;
        if (isInvisible(code)) continue;
        const family = chain.find((candidate) => candidate.coverage.has(code));
        if (family) used.set(family, (used.get(family) ?? new Set()).add(weight));
        else if (!missing.has(code)) missing.set(code, placeAt(offset - character.length));
      }
    }
    const faces = [...used].flatMap(([family, weights]) => facesFor(family, weights));
    return { faces, missing: [...missing].map(([code, place]) => ({ character: String.fromCodePoint(code), place })) };
  }
}

/** The faces of `family` that draw text of `weights`: for each, those of the nearest weight (italic ones too). */
function facesFor(family: FontFamily, weights: ReadonlySet<number>): FontFace[] {
  const chosen = new Set<FontFace>();
  for (const weight of weights) {
    const distance = (face: FontFace): number => Math.abs(face.weight - weight);
    const nearest = Math.min(...family.faces.map(distance));
    for (const face of family.faces) if (distance(face) === nearest) chosen.add(face);
  }
  return [...chosen];
}

/** Characters that draw nothing and need no glyph: controls, spaces, joiners, variation selectors. */
function isInvisible(code: number): boolean {
  return (
    code < 0x21 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0xad ||
    (code >= 0x2000 && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202f) ||
    (code >= 0x205f && code <= 0x206f) ||
    code === 0x3000 ||
    code === 0xfeff ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xe0100 && code <= 0xe01ef)
  );
}

/** `U+2603 "☃"`: a character as a warning names it. */
export function characterName(character: string): string {
  const code = (character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
  return `U+${code} ${JSON.stringify(character)}`;
}
