/**
 * How the to-do sync knows its own to-dos on the service with nothing kept anywhere else: the last line of a
 * to-do's description is a mark, `[Node-RED <source>:<key> <digest>]`, that names the list and the item, with a
 * digest of the item as the sync last wrote it, from which the next sync tells which side changed the to-do.
 * A to-do without the mark of the list (made by hand, or by another list) is not the sync's, unless the sync
 * remembers it by its id (a person replaced or removed the mark on the device; see plan).
 */
import { createHash } from 'node:crypto';
import type { TodoVersion } from './todo-content';

const TAG = 'Node-RED';
/** A line that is a mark, and nothing else. */
const MARK_LINE = /^\[Node-RED ([^\s:\]]+):([^\s\]]+) ([0-9a-f]{8})\]\s*$/;
/** What a name keeps as it is in a mark; anything else is percent-encoded (UTF-8). */
const PLAIN = /^[\p{L}\p{N}_.~-]$/u;

export interface Mark {
  /** The source, as the mark writes it (see markName). */
  source: string;
  /** The item's key, decoded. */
  key: string;
  /** 8 hex digits: markDigest of the content and state last written. */
  digest: string;
}

/** A source or key as a mark writes it: letters and digits (of any script) and `_ . ~ -` as they are, the rest percent-encoded. */
export function markName(name: string): string {
  let written = '';
  for (const character of name) written += PLAIN.test(character) ? character : encodeURIComponent(character);
  return written;
}

/** The digest a mark carries: the content's digest and the state, in 8 hex digits. */
export function markDigest(contentDigest: string, completed: boolean): string {
  return createHash('sha256')
    .update(`${contentDigest}|${completed ? 1 : 0}`)
    .digest('hex')
    .slice(0, 8);
}

export function markText(source: string, key: string, digest: string): string {
  return `[${TAG} ${markName(source)}:${markName(key)} ${digest}]`;
}

/** A description with the mark as its last line; an empty one is the mark alone. */
export function withMark(text: string, mark: string): string {
  return text === '' ? mark : `${text}\n${mark}`;
}

/** What a description holds: the mark, the text without it, and whether the mark is where the sync writes it. */
export interface ReadMark {
  mark: Mark;
  text: string;
  /** False when a person wrote a line below the mark: the text is then the other lines, joined. */
  atEnd: boolean;
}

/**
 * The last line of a description that is a mark, and the text without it; undefined when it has none. The mark is
 * found on any line: a person may have added a line below it on the device.
 */
export function readMark(description: unknown): ReadMark | undefined {
  if (typeof description !== 'string') return undefined;
  const lines = description.split(/\r?\n/);
  for (let index = lines.length - 1; index >= 0; index--) {
    const match = MARK_LINE.exec(lines[index]);
    if (!match) continue;
    let key: string;
    try {
      key = decodeURIComponent(match[2]);
    } catch {
      return undefined;
    }
    const mark = { source: match[1], key, digest: match[3] };
    const below = lines.slice(index + 1);
    if (below.every((line) => line.trim() === '')) {
      const end = description.lastIndexOf(lines[index]);
      return { mark, text: description.slice(0, end).replace(/\r?\n$/, ''), atEnd: true };
    }
    return { mark, text: [...lines.slice(0, index), ...below].join('\n'), atEnd: false };
  }
  return undefined;
}

/**
 * What a side held at the last sync, as far as it is known: the digest of its content and its state. A part left
 * undefined is not known, and taken to have changed since.
 */
export interface Base {
  content?: string;
  completed?: boolean;
}

/**
 * The version a mark's digest was made from, found among the versions seen now (the service's and the list's),
 * each with either state; none matches when both sides changed the content since.
 */
export function baseOfMark(digest: string, seen: readonly TodoVersion[]): Base {
  for (const version of seen) {
    for (const completed of [version.completed, !version.completed]) {
      if (markDigest(version.digest, completed) === digest) return { content: version.digest, completed };
    }
  }
  return {};
}
