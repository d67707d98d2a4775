/**
 * How the to-do sync knows its own to-dos on the service with nothing kept anywhere else: the last line of a
 * to-do's description is a mark, `[Node-RED <source>:<key> <digest>]`, that names the list and the item, with a
 * digest of the item as the sync last wrote it, from which the next sync tells which side changed the to-do.
 * A to-do without the mark of the list (made by hand, or by another list) is not the sync's.
 */
import { createHash } from 'node:crypto';
import type { TodoVersion } from './todo-content';

const TAG = 'Node-RED';
/** The mark at the end of a description, after a line break (or alone). */
const MARK_AT_END = /(?:^|\r?\n)\[Node-RED ([^\s:\]]+):([^\s\]]+) ([0-9a-f]{8})\]\s*$/;
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

/** The mark at the end of a description and the text before it; undefined when it has none. */
export function readMark(description: unknown): { mark: Mark; text: string } | undefined {
  if (typeof description !== 'string') return undefined;
  const match = MARK_AT_END.exec(description);
  if (!match) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
  return { mark: { source: match[1], key, digest: match[3] }, text: description.slice(0, match.index) };
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
