/**
 * The page record on disk: a folder holding `pages.json` (every recorded page,
 * without picture bytes) and each picture once, as `<sha-256 of its bytes>.png`
 * or `.jpg`, its bytes exactly as sent. Every file is written to a temporary
 * name, flushed and renamed over the old one, so a crash mid-write leaves the
 * previous record whole. Pictures are written before the list that names them,
 * and a picture no page names any more is removed after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../atomic-file';
import type { SentFormat } from '../images/image-file';
import { PAGE_IDS, type PageId } from '../values/ids';
import { PAGE_KINDS, type PageKind } from './content';
import type { PageAuthor, RecordedPage, StoredImage } from './record';

export const RECORD_FILE = 'pages.json';
const FORMAT_VERSION = 1;
const EXTENSIONS: Record<SentFormat, string> = { png: 'png', jpeg: 'jpg' };
const IMAGE_FILE = /^[0-9a-f]{64}\.(png|jpg)$/;
const TEMPORARY = '.tmp';

/** What a load found: the pages, and what was wrong with the folder (a missing folder is nothing wrong). */
export interface LoadedRecord {
  pages: RecordedPage[];
  problems: string[];
}

export class RecordFolder {
  constructor(readonly dir: string) {}

  /** Reads the record; a file that cannot be read or parsed, or a page that does not hold, is a problem, not a throw. */
  load(): LoadedRecord {
    const file = path.join(this.dir, RECORD_FILE);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { pages: [], problems: [] };
      return { pages: [], problems: [`${file} cannot be read (${(error as Error).message})`] };
    }
    let saved: unknown;
    try {
      saved = JSON.parse(text);
    } catch (error) {
      return { pages: [], problems: [`${file} is not JSON (${(error as Error).message})`] };
    }
    const list = (saved as { pages?: unknown } | null)?.pages;
    if ((saved as { version?: unknown } | null)?.version !== FORMAT_VERSION || !Array.isArray(list)) {
      return { pages: [], problems: [`${file} is not a page record of version ${FORMAT_VERSION}`] };
    }
    const pages: RecordedPage[] = [];
    let dropped = 0;
    for (const entry of list) {
      const page = this.pageOf(entry);
      if (page) pages.push(page);
      else dropped += 1;
    }
    const problems = dropped > 0 ? [`${file}: ${dropped} page(s) left out that do not hold or lack their picture`] : [];
    return { pages, problems };
  }

  /** Writes the pictures not yet on disk (`unwritten` gives their bytes), then the list, then removes what no page names. */
  async save(pages: readonly RecordedPage[], unwritten: (digest: string) => Buffer | undefined): Promise<string[]> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const named = new Set<string>();
    const written: string[] = [];
    for (const page of pages) {
      for (const image of page.images ?? []) {
        const name = fileOf(image);
        if (named.has(name)) continue;
        named.add(name);
        const data = unwritten(image.digest);
        if (data === undefined) continue;
        if (!fs.existsSync(path.join(this.dir, name))) await this.replace(name, data);
        written.push(image.digest);
      }
    }
    const saved = { version: FORMAT_VERSION, pages: pages.map(savedPage) };
    await this.replace(RECORD_FILE, Buffer.from(JSON.stringify(saved)));
    for (const name of await fs.promises.readdir(this.dir)) {
      const stale = (IMAGE_FILE.test(name) && !named.has(name)) || name.endsWith(TEMPORARY);
      if (stale) await fs.promises.rm(path.join(this.dir, name), { force: true });
    }
    return written;
  }

  /** A picture's bytes as written. */
  readImage(image: StoredImage): Promise<Buffer> {
    return fs.promises.readFile(path.join(this.dir, fileOf(image)));
  }

  private async replace(name: string, data: Buffer): Promise<void> {
    await writeFileAtomically(path.join(this.dir, name), data);
  }

  /** A saved page, checked field by field; undefined when it does not hold or a picture of it is missing. */
  private pageOf(entry: unknown): RecordedPage | undefined {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const saved = entry as Record<string, unknown>;
    const node = saved.node as Record<string, unknown> | null | undefined;
    const options = saved.options as Record<string, unknown> | null | undefined;
    if (
      !isText(saved.account) ||
      !isText(saved.deviceId) ||
      !(PAGE_IDS as readonly unknown[]).includes(saved.pageId) ||
      !(PAGE_KINDS as readonly unknown[]).includes(saved.kind) ||
      typeof saved.persistent !== 'boolean' ||
      !isText(saved.pushedAt) ||
      Number.isNaN(Date.parse(saved.pushedAt)) ||
      typeof node !== 'object' ||
      node === null ||
      !isText(node.id) ||
      typeof options !== 'object' ||
      options === null
    ) {
      return undefined;
    }
    const page: RecordedPage = {
      account: saved.account,
      deviceId: saved.deviceId,
      pageId: saved.pageId as PageId,
      kind: saved.kind as PageKind,
      persistent: saved.persistent,
      pushedAt: saved.pushedAt,
      node: { id: node.id, name: optionalText(node.name) ?? '', z: optionalText(node.z) ?? '' } satisfies PageAuthor,
      options: {},
    };
    if (typeof options.fontSize === 'number') page.options.fontSize = options.fontSize;
    if (typeof options.dither === 'boolean') page.options.dither = options.dither;
    for (const field of ['text', 'title', 'body'] as const) {
      const value = optionalText(saved[field]);
      if (value !== undefined) page[field] = value;
    }
    if (page.kind === 'text' && page.text === undefined) return undefined;
    if (page.kind === 'structured-text' && page.title === undefined && page.body === undefined) return undefined;
    if (page.kind === 'image') {
      const images = Array.isArray(saved.images) ? saved.images.map((image) => this.imageOf(image)) : [];
      if (images.length === 0 || images.some((image) => image === undefined)) return undefined;
      page.images = images as StoredImage[];
    }
    return page;
  }

  private imageOf(entry: unknown): StoredImage | undefined {
    const saved = entry as { file?: unknown; format?: unknown; bytes?: unknown } | null;
    if (typeof saved?.file !== 'string' || !IMAGE_FILE.test(saved.file)) return undefined;
    if (saved.format !== 'png' && saved.format !== 'jpeg') return undefined;
    let bytes: number;
    try {
      bytes = fs.statSync(path.join(this.dir, saved.file)).size;
    } catch {
      return undefined;
    }
    return { digest: saved.file.slice(0, 64), format: saved.format, bytes };
  }
}

function fileOf(image: StoredImage): string {
  return `${image.digest}.${EXTENSIONS[image.format]}`;
}

/** A page as `pages.json` holds it: each picture by its file's name. */
function savedPage(page: RecordedPage): Record<string, unknown> {
  const { images, ...rest } = page;
  if (!images) return rest;
  return {
    ...rest,
    images: images.map((image) => ({ file: fileOf(image), format: image.format, bytes: image.bytes })),
  };
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
