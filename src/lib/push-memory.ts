/**
 * What was last pushed to each device's page, so that a push of the same
 * content and options can be skipped (the display nodes' `skipUnchanged`).
 * Only a digest is kept per page, never the content itself.
 *
 * Operations on a page are ordered and may wait: from the moment one is
 * accepted (`begin`) until it ends, what the page will show is not known, so
 * nothing is skipped; and only the newest accepted push may remember its digest.
 */
import { createHash } from 'node:crypto';
import type { PageId } from './values/ids';

/** Enough for every page of 200 devices; beyond it the page used longest ago is forgotten. */
export const MOST_REMEMBERED_PAGES = 1000;

/** The parts that make a push what it is: its kind, texts, options and image bytes. */
export type PushContent = readonly (string | number | boolean | Buffer | undefined)[];

/** A digest of the parts; each is tagged with its type and length, so no two different lists can collide by concatenation. */
export function digestOf(content: PushContent): string {
  const hash = createHash('sha256');
  for (const part of content) {
    if (Buffer.isBuffer(part)) {
      hash.update(`b${part.length}:`);
      hash.update(part);
    } else {
      const text = part === undefined ? '' : String(part);
      hash.update(`${part === undefined ? 'u' : (typeof part)[0]}${text.length}:${text}`);
    }
  }
  return hash.digest('hex');
}

export class PushMemory {
  /** Insertion order is use order: a hit moves the page to the end. */
  private readonly pages = new Map<string, string>();
  /** The turn of the newest operation accepted for a page, or for all pages of a device. */
  private readonly newestOfPage = new Map<string, number>();
  private readonly newestOfDevice = new Map<string, number>();
  private turns = 0;

  constructor(private readonly mostPages = MOST_REMEMBERED_PAGES) {}

  /**
   * An operation on a page (or on all pages of the device) is accepted: the
   * page is forgotten until it ends. Returns its turn, for `remember`.
   */
  begin(deviceId: string, pageId: PageId | 'all'): number {
    const turn = ++this.turns;
    this.forget(deviceId, pageId);
    if (pageId === 'all') bounded(this.newestOfDevice, deviceId, turn, this.mostPages);
    else bounded(this.newestOfPage, keyOf(deviceId, pageId), turn, this.mostPages);
    return turn;
  }

  get size(): number {
    return this.pages.size;
  }

  /** True when the last push remembered for this device and page had this digest. */
  isUnchanged(deviceId: string, pageId: PageId, digest: string): boolean {
    const key = keyOf(deviceId, pageId);
    const remembered = this.pages.get(key);
    if (remembered === undefined) return false;
    this.pages.delete(key);
    this.pages.set(key, remembered);
    return remembered === digest;
  }

  /** Remembers a push that has landed; with its turn, only if no newer operation on the page was accepted since. */
  remember(deviceId: string, pageId: PageId, digest: string, turn?: number): void {
    const key = keyOf(deviceId, pageId);
    if (turn !== undefined) {
      if (this.newestOfPage.get(key) !== turn || (this.newestOfDevice.get(deviceId) ?? 0) > turn) return;
      this.newestOfPage.delete(key);
    }
    this.pages.delete(key);
    this.pages.set(key, digest);
    if (this.pages.size > this.mostPages) {
      const oldest = this.pages.keys().next().value as string;
      this.pages.delete(oldest);
    }
  }

  /** Forgets one page of a device, or all of its pages. */
  forget(deviceId: string, pageId: PageId | 'all'): void {
    if (pageId !== 'all') {
      this.pages.delete(keyOf(deviceId, pageId));
      return;
    }
    const prefix = keyOf(deviceId, '');
    for (const key of [...this.pages.keys()]) {
      if (key.startsWith(prefix)) this.pages.delete(key);
    }
  }

  clear(): void {
    this.pages.clear();
    this.newestOfPage.clear();
    this.newestOfDevice.clear();
  }
}

/** Sets the entry last, dropping the oldest beyond `most`: a dropped turn only means a push is not remembered. */
function bounded(map: Map<string, number>, key: string, value: number, most: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > most) map.delete(map.keys().next().value as string);
}

function keyOf(deviceId: string, pageId: PageId | ''): string {
  return `${deviceId}\u0000${pageId}`;
}
