/**
 * The record of what each page shows, as far as this process pushed it: per
 * account, device and page, the content of the last push the service
 * accepted, when it was made and by which node. A page delete clears it.
 *
 * Pictures are kept by the digest of their bytes, so a picture pushed to
 * twenty devices is held once; their bytes stay in memory only until they are
 * written to the record's folder (see ./record-folder).
 */
import { createHash } from 'node:crypto';
import type { SentFormat } from '../images/image-file';
import type { PageId } from '../values/ids';
import type { PageContent, PageKind } from './content';

/** Enough for every page of 200 devices. */
export const MOST_RECORDED_PAGES = 1000;
/** The pictures' bytes, each different picture counted once: a small share of a Raspberry Pi's card. */
export const MOST_RECORDED_IMAGE_BYTES = 64 * 1024 * 1024;

/** The node that made a push: `z` is its flow (tab or subflow). */
export interface PageAuthor {
  id: string;
  name: string;
  z: string;
}

/** A picture of a page, by the digest of its bytes. */
export interface StoredImage {
  digest: string;
  format: SentFormat;
  bytes: number;
}

export interface RecordedPage {
  /** The id of the account's config node. */
  account: string;
  deviceId: string;
  pageId: PageId;
  kind: PageKind;
  /** A page given by the push (`pageId`); a push without one lands where the service chooses, for a while. */
  persistent: boolean;
  /** ISO date-time. */
  pushedAt: string;
  node: PageAuthor;
  text?: string;
  title?: string;
  body?: string;
  options: { fontSize?: number; dither?: boolean };
  images?: StoredImage[];
}

/** Where a push landed. */
export interface PagePlace {
  account: string;
  deviceId: string;
  pageId: PageId;
}

export interface PageRecordOptions {
  /** False for an account no deployed node uses any more: its pages are the first to go when the record is full. */
  inUse?: (account: string) => boolean;
  mostPages?: number;
  mostImageBytes?: number;
}

/** The digests of pictures already seen, by their buffer: a fan-out hashes a picture once, not once per device. */
const digests = new WeakMap<Buffer, string>();

function digestOfImage(data: Buffer): string {
  let digest = digests.get(data);
  if (digest === undefined) {
    digest = createHash('sha256').update(data).digest('hex');
    digests.set(data, digest);
  }
  return digest;
}

export class PageRecord {
  /** Insertion order is push order: the oldest record first. */
  private readonly pages = new Map<string, RecordedPage>();
  /** Per picture: its size and how many pages show it. */
  private readonly imageUses = new Map<string, { bytes: number; uses: number }>();
  private imageBytes = 0;
  /** Pictures not yet written to the folder. */
  private readonly unwritten = new Map<string, Buffer>();
  private readonly listeners: (() => void)[] = [];
  private readonly inUse: (account: string) => boolean;
  private readonly mostPages: number;
  private readonly mostImageBytes: number;

  constructor(options: PageRecordOptions = {}) {
    this.inUse = options.inUse ?? (() => true);
    this.mostPages = options.mostPages ?? MOST_RECORDED_PAGES;
    this.mostImageBytes = options.mostImageBytes ?? MOST_RECORDED_IMAGE_BYTES;
  }

  /** Called after each change. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Pages as a saved record held them (see ./record-folder), oldest first; nothing is announced. */
  restore(pages: readonly RecordedPage[]): void {
    for (const page of pages) this.put(page);
    this.bound();
  }

  /**
   * A push the service accepted. Called once per device of a fan-out, on the push's path: each page is made as one
   * object literal (several times quicker than spreading and adding), sharing `node` and the content's options.
   */
  pushed(place: PagePlace, content: PageContent, persistent: boolean, node: PageAuthor, at = Date.now()): void {
    const { account, deviceId, pageId } = place;
    const pushedAt = isoTime(at);
    let page: RecordedPage;
    switch (content.kind) {
      case 'text':
        page = { account, deviceId, pageId, kind: 'text', persistent, pushedAt, node, options: content.options };
        page.text = content.text;
        break;
      case 'structured-text':
        page = { account, deviceId, pageId, kind: 'structured-text', persistent, pushedAt, node, options: {} };
        if (content.title !== undefined) page.title = content.title;
        if (content.body !== undefined) page.body = content.body;
        break;
      case 'image':
        page = { account, deviceId, pageId, kind: 'image', persistent, pushedAt, node, options: content.options };
        page.images = content.images.map(({ data, format }) => {
          const digest = digestOfImage(data);
          if (!this.imageUses.has(digest)) this.unwritten.set(digest, data);
          return { digest, format, bytes: data.length };
        });
        break;
    }
    this.put(page);
    this.bound();
    this.changed();
  }

  /** A page delete the service accepted: one page, or every page of the device. */
  cleared(account: string, deviceId: string, pageId: PageId | 'all'): void {
    const keys =
      pageId === 'all'
        ? [...this.pages.values()]
            .filter((page) => page.account === account && page.deviceId === deviceId)
            .map(keyOfPage)
        : [keyOf(account, deviceId, pageId)];
    let removed = false;
    for (const key of keys) removed = this.remove(key) || removed;
    if (removed) this.changed();
  }

  get(account: string, deviceId: string, pageId: string): RecordedPage | undefined {
    return this.pages.get(keyOf(account, deviceId, pageId));
  }

  /** Every recorded page, oldest push first. */
  list(): RecordedPage[] {
    return [...this.pages.values()];
  }

  get size(): number {
    return this.pages.size;
  }

  /** A picture's bytes while they are not yet written to the folder. */
  unwrittenImage(digest: string): Buffer | undefined {
    return this.unwritten.get(digest);
  }

  /** Every picture a page shows, by digest. */
  imageDigests(): Set<string> {
    return new Set(this.imageUses.keys());
  }

  /** The pictures written to the folder: their bytes are no longer kept in memory. */
  written(digests: Iterable<string>): void {
    for (const digest of digests) this.unwritten.delete(digest);
  }

  private put(page: RecordedPage): void {
    const key = keyOfPage(page);
    this.remove(key);
    this.pages.set(key, page);
    for (const image of page.images ?? []) {
      const use = this.imageUses.get(image.digest);
      if (use) use.uses += 1;
      else {
        this.imageUses.set(image.digest, { bytes: image.bytes, uses: 1 });
        this.imageBytes += image.bytes;
      }
    }
  }

  private remove(key: string): boolean {
    const page = this.pages.get(key);
    if (!page) return false;
    this.pages.delete(key);
    if (!page.images) return true;
    for (const image of page.images) {
      const use = this.imageUses.get(image.digest);
      if (!use) continue;
      use.uses -= 1;
      if (use.uses === 0) {
        this.imageUses.delete(image.digest);
        this.imageBytes -= use.bytes;
        this.unwritten.delete(image.digest);
      }
    }
    return true;
  }

  private full(): boolean {
    return this.pages.size > this.mostPages || this.imageBytes > this.mostImageBytes;
  }

  /** The oldest records of accounts no longer in use go first, then the oldest of all; the newest page always stays. */
  private bound(): void {
    if (!this.full()) return;
    const unused = new Map<string, boolean>();
    for (const [key, page] of this.pages) {
      if (!this.full()) return;
      let used = unused.get(page.account);
      if (used === undefined) {
        used = this.inUse(page.account);
        unused.set(page.account, used);
      }
      if (!used) this.remove(key);
    }
    for (const key of this.pages.keys()) {
      if (!this.full() || this.pages.size === 1) return;
      this.remove(key);
    }
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The devices of a fan-out mostly land within the same millisecond: its ISO text is made once. */
let lastTime = { at: NaN, iso: '' };

function isoTime(at: number): string {
  if (at !== lastTime.at) lastTime = { at, iso: new Date(at).toISOString() };
  return lastTime.iso;
}

function keyOf(account: string, deviceId: string, pageId: string): string {
  return `${account}\u0000${deviceId}\u0000${pageId}`;
}

function keyOfPage(page: RecordedPage): string {
  return keyOf(page.account, page.deviceId, page.pageId);
}
