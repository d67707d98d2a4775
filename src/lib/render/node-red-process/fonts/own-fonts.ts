/**
 * A node's own fonts: TrueType, OpenType, WOFF or WOFF2 files the user names in the node's settings (a file
 * name relative to Node-RED's user directory, or a full path). Nothing else is ever read: a message cannot name
 * a file. Each file is read once, at deploy (the dialog's preview reads it once too, and again when it
 * changes); a template uses it by the family name inside the file (`font-family: Inter`), its weight and style
 * chosen as CSS chooses them. A family is loaded into the engine
 * under a name of its own (the family and a digest of its files), so a page of one node never draws with the
 * fonts of another, and a changed file is never mistaken for the one before. The files are read and their tables
 * parsed once, in Node-RED's process; a drawing process is sent what was read (the fonts' bytes, names and
 * characters) and parses nothing again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { invalid } from '../../../errors';
import { Coverage } from '../../shared/fonts/coverage';
import type { OwnFonts, OwnFontsRead } from '../../shared/fonts/font-types';
import { ownFontsFrom } from '../../shared/fonts/own-fonts-from';
import { readFontFile, type FontFacts } from './font-file';
import { FontFileError } from './font-tables';

const FONT_FILE = /\.(ttf|otf|woff2?)$/i;
/** A font file larger than this is refused: a whole CJK font is about 20 MB. */
export const MAX_FONT_BYTES = 40 * 1024 * 1024;
const MAX_FONT_FILES = 32;

/** The node's `fonts` setting: file names separated by commas or new lines (an array of them too). */
export function fontFileList(value: unknown, field = 'fonts'): string[] {
  if (value === undefined || value === null || value === '') return [];
  const parts = Array.isArray(value)
    ? (value as unknown[])
    : typeof value === 'string'
      ? value.split(/[,\n]/)
      : [value];
  const files: string[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') throw invalid(field, 'must be font file names separated by commas', value);
    const file = part.trim();
    if (file === '') continue;
    if (!FONT_FILE.test(file))
      throw invalid(field, `${JSON.stringify(file)} is not a .ttf, .otf, .woff or .woff2 file`);
    files.push(file);
  }
  if (files.length > MAX_FONT_FILES) throw invalid(field, `names more than ${MAX_FONT_FILES} font files`);
  return files;
}

function fontPath(file: string, baseDir: string): string {
  return isAbsolute(file) ? file : resolve(baseDir, file);
}

/**
 * What tells one reading of `files` from the next: each file's place, size and time of change (a file that
 * cannot be found, as such). The same stamp: the files read before are the files as they are.
 */
export function fontFilesStamp(files: readonly string[], baseDir: string): string {
  return files
    .map((file) => {
      const path = fontPath(file, baseDir);
      try {
        const stat = statSync(path);
        return `${path}\t${stat.size}\t${stat.mtimeMs}`;
      } catch {
        return `${path}\tmissing`;
      }
    })
    .join('\n');
}

/** The fonts of `files` (each relative to `baseDir` unless absolute); a file that cannot be used names itself. */
export function loadFontFiles(files: readonly string[], baseDir: string, field = 'fonts'): OwnFonts {
  const read: Uint8Array[] = [];
  for (const file of files) {
    const path = fontPath(file, baseDir);
    try {
      if (statSync(path).size > MAX_FONT_BYTES)
        throw invalid(field, `${file} is larger than ${MAX_FONT_BYTES >> 20} MB`);
      read.push(readFileSync(path));
    } catch (error) {
      if (error instanceof Error && 'kind' in error) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw invalid(
        field,
        `${file} cannot be read (${code === 'ENOENT' ? `no such file: ${path}` : (code ?? 'error')})`,
      );
    }
  }
  return ownFontsFrom(
    readFonts(read, (index, reason) => invalid(field, `${files[index]} is not a usable font: ${reason}`)),
  );
}

/**
 * The fonts of the files' bytes: each file's tables read once, its family, weight, style and characters, and
 * the font the engine is given (a WOFF file unpacked).
 */
export function readFonts(
  files: readonly Uint8Array[],
  unusable: (index: number, reason: string) => Error = (index, reason) => new Error(`font ${index + 1}: ${reason}`),
): OwnFontsRead {
  const faces = files.map((bytes, index) => {
    try {
      return { facts: readFontFile(bytes), digest: digestOf(bytes) };
    } catch (error) {
      throw unusable(index, error instanceof FontFileError ? error.message : 'it cannot be read as a font');
    }
  });
  const byFamily = new Map<string, { facts: FontFacts; digest: string }[]>();
  for (const face of faces) {
    const key = face.facts.family.toLowerCase();
    byFamily.set(key, [...(byFamily.get(key) ?? []), face]);
  }
  return {
    key: createHash('sha256')
      .update(faces.map((face) => face.digest).join())
      .digest('hex'),
    families: [...byFamily.values()].map((members) => {
      const cssName = members[0].facts.family;
      const digest = createHash('sha256')
        .update(members.map((member) => member.digest).join())
        .digest('hex')
        .slice(0, 12);
      const name = `${cssName} ${digest}`;
      const coverage =
        members.length === 1
          ? members[0].facts.coverage
          : Coverage.of(members.flatMap(({ facts }) => [...codePoints(facts.coverage)]));
      return {
        name,
        cssName,
        ranges: coverage.ranges,
        faces: members.map(({ facts, digest: own }) => ({
          key: `${name} ${own}`,
          weight: facts.weight,
          style: facts.italic ? ('italic' as const) : ('normal' as const),
          data: facts.data,
        })),
      };
    }),
  };
}

function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function* codePoints(coverage: Coverage): Generator<number> {
  for (let i = 0; i < coverage.ranges.length; i += 2) {
    for (let code = coverage.ranges[i]; code <= coverage.ranges[i + 1]; code++) yield code;
  }
}
