/**
 * Where the to-do sync keeps what it remembers of a list between syncs: a file of the package's own in Node-RED's
 * user directory, `device-cloud/todo-sync/<node>-<list>.json`, one per sync node and list (its device and name), so
 * that it outlives a restart with Node-RED's default settings; and, as before, the node's context, so that a context
 * store set in settings.js keeps a copy. The file wins; the context is read when there is no file (a memory kept by
 * an earlier version) or the file cannot be read. Nothing here is needed to find the list's to-dos: a memory lost or
 * unreadable costs a warning, and the sync goes on from the marks.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describeThrown } from '../../lib/errors';
import { memoryFromStore, memoryToStore, type SyncMemory, type SyncRequest } from '../../lib/todos/sync/sync-todos';
import { keepNewest, readJsonFile, removeFiles, writeJsonFile } from '../../runtime/json-file';
import type { Node } from '../../runtime/node-red-api';

/** The folder in the user directory. */
export const MEMORY_FOLDER = path.join('device-cloud', 'todo-sync');
/** Lists one node keeps a memory of (a node fed `msg.source` may sync many); the ones synced longest ago go first. */
export const MOST_LISTS_PER_NODE = 100;

/** One per device and source, of characters any context store and file system take. */
function listDigest(request: SyncRequest): string {
  const list = `${request.deviceId ?? ''}\u0000${request.source}`;
  return createHash('sha256').update(list).digest('hex').slice(0, 16);
}

/** A node id as a file name's start: letters and digits as they are, anything else as `_` and its code. */
function filePrefix(nodeId: string): string {
  return `${nodeId.replace(/[^A-Za-z0-9]/g, (character) => `_${character.charCodeAt(0).toString(16)}_`)}-`;
}

export class SyncMemoryStore {
  private readonly folder: string | undefined;
  private readonly prefix: string;
  /** A digest of what each file holds as this node last wrote it: a sync that changed nothing does not write it. */
  private readonly written = new Map<string, string>();

  constructor(
    private readonly node: Node,
    userDir: string | undefined,
  ) {
    this.folder = userDir ? path.join(userDir, MEMORY_FOLDER) : undefined;
    this.prefix = filePrefix(node.id);
  }

  /** The list's file; none where Node-RED names no user directory. */
  fileOf(request: SyncRequest): string | undefined {
    return this.folder && path.join(this.folder, `${this.prefix}${listDigest(request)}.json`);
  }

  async read(request: SyncRequest): Promise<SyncMemory> {
    const file = this.fileOf(request);
    if (file) {
      const read = await readJsonFile(file);
      if (read.kind === 'read') return memoryFromStore(read.value);
      if (read.kind === 'unreadable') {
        this.node.warn(
          `to-do sync: could not read its memory ${file}: ${describeThrown(read.error)}; going on from the node's context, else from the marks`,
        );
      }
    }
    return this.readContext(contextKey(request));
  }

  async write(request: SyncRequest, memory: SyncMemory): Promise<void> {
    const stored =
      memory.size === 0
        ? undefined
        : { source: request.source, deviceId: request.deviceId ?? '', ...memoryToStore(memory) };
    const file = this.fileOf(request);
    const digest = createHash('sha256')
      .update(JSON.stringify(stored ?? null))
      .digest('hex');
    if (file && this.folder && (this.written.get(file) !== digest || !(await exists(file)))) {
      try {
        this.written.delete(file);
        await writeJsonFile(file, stored ?? null);
        this.written.set(file, digest);
        if (this.written.size > MOST_LISTS_PER_NODE) this.written.delete(this.written.keys().next().value as string);
        await keepNewest(this.folder, this.prefix, MOST_LISTS_PER_NODE);
      } catch (error) {
        this.node.warn(`to-do sync: could not write its memory ${file}: ${describeThrown(error)}`);
      }
    }
    await this.writeContext(contextKey(request), stored);
  }

  /** The node was deleted from the flows: its files go with it. */
  async forget(): Promise<void> {
    if (this.folder) await removeFiles(this.folder, this.prefix);
  }

  /** A context store that fails costs the memory only. */
  private readContext(key: string): Promise<SyncMemory> {
    return new Promise((resolve) => {
      try {
        this.node.context().get(key, (error, value) => {
          if (error) this.node.warn(`to-do sync: could not read the node's context: ${describeThrown(error)}`);
          resolve(memoryFromStore(error ? undefined : value));
        });
      } catch (error) {
        this.node.warn(`to-do sync: could not read the node's context: ${describeThrown(error)}`);
        resolve(new Map());
      }
    });
  }

  private writeContext(key: string, stored: unknown): Promise<void> {
    return new Promise((resolve) => {
      const failed = (error: unknown) =>
        this.node.warn(`to-do sync: could not write the node's context: ${describeThrown(error)}`);
      try {
        this.node.context().set(key, stored, (error) => {
          if (error) failed(error);
          resolve();
        });
      } catch (error) {
        failed(error);
        resolve();
      }
    });
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** The context key of a list's memory. */
function contextKey(request: SyncRequest): string {
  return `todoSync_${listDigest(request)}`;
}
