/**
 * What was last pushed to each device's page, so that a push of the same
 * content and options can be skipped (the display nodes' `skipUnchanged`).
 * Only a digest is kept per page, never the content itself.
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

  constructor(private readonly mostPages = MOST_REMEMBERED_PAGES) {}

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

  remember(deviceId: string, pageId: PageId, digest: string): void {
    const key = keyOf(deviceId, pageId);
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
  }
}

function keyOf(deviceId: string, pageId: PageId | ''): string {
  return `${deviceId}\u0000${pageId}`;
}
