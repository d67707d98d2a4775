/**
 * The page record of this Node-RED: one per process, kept in the user
 * directory's `device-cloud-pages/` folder (none without a user directory:
 * then it lives in memory only). Each change is written within a second
 * (coalesced) and announced to the open editors on the comms topic
 * `device-cloud/pages`, without content: an editor reads the pages through the
 * admin API, under its permissions.
 */
import path from 'node:path';
import { describeThrown } from '../lib/errors';
import { CoalescedWrites } from '../lib/coalesced-writes';
import { thumbnailPng } from '../lib/images/thumbnail';
import { PageRecord, type RecordedPage, type StoredImage } from '../lib/page-record/record';
import { RecordFolder } from '../lib/page-record/record-folder';
import { accountOf } from './account-link';
import type { NodeAPI } from './node-red-api';

export const RECORD_FOLDER = 'device-cloud-pages';
export const PAGES_TOPIC = 'device-cloud/pages';
/** The thumbnails kept, the least recently shown dropped first: a few screens of sidebars, at any pixel ratio. */
const MOST_THUMBNAIL_BYTES = 4 * 1024 * 1024;

export class PageRecordService {
  readonly record: PageRecord;
  private readonly folder: RecordFolder | undefined;
  private readonly writes: CoalescedWrites | undefined;
  private announcing = false;
  /** Thumbnails by picture digest and size, in the order last shown. */
  private readonly thumbnails = new Map<string, Buffer>();
  private thumbnailBytes = 0;

  constructor(private readonly RED: NodeAPI) {
    this.record = new PageRecord({ inUse: (account) => accountOf(RED, account) !== null });
    const userDir = RED.settings?.userDir;
    if (userDir) {
      const folder = new RecordFolder(path.join(userDir, RECORD_FOLDER));
      this.folder = folder;
      const { pages, problems } = folder.load();
      for (const problem of problems) this.warn(`the page record: ${problem}; starting from what could be read`);
      this.record.restore(pages);
      this.writes = new CoalescedWrites(
        async () => {
          const written = await folder.save(this.record.list(), (digest) => this.record.unwrittenImage(digest));
          this.record.written(written);
        },
        (error) => this.warn(`the page record could not be written to ${folder.dir}: ${describeThrown(error)}`),
      );
    }
    this.record.onChange(() => {
      this.writes?.request();
      this.announce();
    });
  }

  /** A picture of a recorded page, exactly as sent; undefined when the page shows no such picture. */
  async image(page: RecordedPage, index: number): Promise<{ data: Buffer; image: StoredImage } | undefined> {
    const image = page.images?.[index];
    if (!image) return undefined;
    const unwritten = this.record.unwrittenImage(image.digest);
    if (unwritten) return { data: unwritten, image };
    if (!this.folder) return undefined;
    try {
      return { data: await this.folder.readImage(image), image };
    } catch (error) {
      // Removed from the folder by hand since the record was read.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /**
   * A picture of a recorded page drawn within `width` x `height` for the sidebar (a PNG), kept for the next
   * look; the picture itself when it is no larger, or cannot be drawn smaller here.
   */
  async thumbnail(
    page: RecordedPage,
    index: number,
    width: number,
    height: number,
  ): Promise<{ data: Buffer; format: 'png' | 'jpeg' } | undefined> {
    const found = await this.image(page, index);
    if (!found) return undefined;
    const key = `${found.image.digest} ${width}x${height}`;
    const kept = this.thumbnails.get(key);
    if (kept) {
      this.thumbnails.delete(key);
      this.thumbnails.set(key, kept);
      return { data: kept, format: 'png' };
    }
    const data = await thumbnailPng(found.data, width, height);
    if (!data) return { data: found.data, format: found.image.format };
    this.thumbnails.set(key, data);
    this.thumbnailBytes += data.length;
    for (const [oldest, thumbnail] of this.thumbnails) {
      if (this.thumbnailBytes <= MOST_THUMBNAIL_BYTES) break;
      this.thumbnails.delete(oldest);
      this.thumbnailBytes -= thumbnail.length;
    }
    return { data, format: 'png' };
  }

  /** Resolves once every change so far is on disk. */
  settled(): Promise<void> {
    return this.writes?.settled() ?? Promise.resolve();
  }

  /** One announcement for the changes of one turn of the event loop (a fan-out's devices end together). */
  private announce(): void {
    if (this.announcing || !this.RED.comms) return;
    this.announcing = true;
    setImmediate(() => {
      this.announcing = false;
      this.RED.comms?.publish(PAGES_TOPIC, { changed: Date.now() }, false);
    });
  }

  private warn(message: string): void {
    if (this.RED.log) this.RED.log.warn(`[device-cloud] ${message}`);
  }
}

let current: PageRecordService | undefined;

/** Made when the node set registers; a registration again (a test runtime's next load) starts from the file again. */
export function startPageRecord(RED: NodeAPI): PageRecordService {
  current = new PageRecordService(RED);
  return current;
}

/** The page record of this process, if the node set has registered. */
export function pageRecord(): PageRecordService | undefined {
  return current;
}
