/** A small JSON file a node keeps in Node-RED's user directory: read whole, written whole and atomically. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../lib/atomic-file';

export type JsonFileRead =
  | { kind: 'missing' }
  | { kind: 'read'; value: unknown }
  /** It exists but cannot be read, or is not JSON. */
  | { kind: 'unreadable'; error: unknown };

export async function readJsonFile(file: string): Promise<JsonFileRead> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', error };
  }
  try {
    return { kind: 'read', value: JSON.parse(text) as unknown };
  } catch (error) {
    return { kind: 'unreadable', error };
  }
}

/** Writes `value` as JSON to `file`, making its folder if need be. */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await writeFileAtomically(file, `${JSON.stringify(value)}\n`);
}

/** The files of `folder` whose names start with `prefix` beyond the `most` written last, removed; none is an error. */
export async function keepNewest(folder: string, prefix: string, most: number): Promise<void> {
  let names: string[];
  try {
    names = (await fs.readdir(folder)).filter((name) => name.startsWith(prefix));
  } catch {
    return;
  }
  if (names.length <= most) return;
  const dated = await Promise.all(
    names.map(async (name) => {
      const stat = await fs.stat(path.join(folder, name)).catch(() => undefined);
      return { name, written: stat?.mtimeMs ?? 0 };
    }),
  );
  dated.sort((a, b) => b.written - a.written);
  await Promise.all(dated.slice(most).map(({ name }) => fs.rm(path.join(folder, name), { force: true })));
}

/** Removes the files of `folder` whose names start with `prefix`. */
export async function removeFiles(folder: string, prefix: string): Promise<void> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names.filter((name) => name.startsWith(prefix)).map((name) => fs.rm(path.join(folder, name), { force: true })),
  );
}
