/**
 * The README is for a user's first hour, and everything else is in docs/, linked: README.md stays within 3,000
 * words. README.zh-CN.md is the same README in Chinese: the same sections in the same order (each heading once),
 * the same links and pictures, and the same figures. Every relative link of the READMEs, CONTRIBUTING.md and
 * docs/ points at a file of the repository, and at a heading that file has.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ROOT } from './support/package-files';

const MOST_README_WORDS = 3000;
const ENGLISH = 'README.md';
const CHINESE = 'README.zh-CN.md';

function read(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** The text outside fenced code blocks, where a `#` is a heading and not a shell comment. */
function outsideCode(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

interface Heading {
  level: number;
  text: string;
  anchor: string;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped (any script's letters kept), spaces as -. */
function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

function headings(markdown: string): Heading[] {
  const seen = new Map<string, number>();
  return [...outsideCode(markdown).matchAll(/^(#{1,6}) +(.+?) *$/gm)].map(([, hashes, text]) => {
    const base = anchorOf(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { level: hashes.length, text, anchor: count === 0 ? base : `${base}-${count}` };
  });
}

/** Every link target, Markdown's and an `<img src>`'s, in the order the text has them (none in code). */
function links(markdown: string): string[] {
  const text = outsideCode(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)|<img [^>]*src="([^"]+)"/g)].map(([, link, src]) => link ?? src);
}

function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** The figures a reader reads: every number outside the link targets, thousands separators dropped. */
function figures(markdown: string): string[] {
  const text = markdown.replace(/\]\([^)\s]+\)/g, ']').replace(/<img [^>]*>/g, '');
  return [...text.matchAll(/\d+(?:[.,]\d+)*/g)].map(([figure]) => figure.replace(/,(?=\d{3}\b)/g, '')).sort();
}

function words(markdown: string): number {
  return markdown.split(/\s+/).filter(Boolean).length;
}

/** The documents whose links must hold: the READMEs, CONTRIBUTING.md and every Markdown file under docs/. */
function documents(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.posix.join('docs', file.split(path.sep).join('/')));
  return [ENGLISH, CHINESE, 'CONTRIBUTING.md', ...docs];
}

describe('the READMEs and the documents', function () {
  const english = read(ENGLISH);
  const chinese = read(CHINESE);

  it(`keeps README.md within ${MOST_README_WORDS} words`, () => {
    expect(words(english)).to.be.within(1000, MOST_README_WORDS);
  });

  it('links each README to the other at its top', () => {
    const top = (markdown: string) => markdown.split('\n').slice(0, 5).join('\n');
    expect(top(english)).to.include(`](${CHINESE})`);
    expect(top(chinese)).to.include(`](${ENGLISH})`);
  });

  it('gives both READMEs the same sections, in the same order, each heading once', () => {
    const ours = headings(english);
    const theirs = headings(chinese);
    expect(ours.length, 'sections of README.md').to.be.above(10);
    expect(theirs.map((heading) => heading.level)).to.deep.equal(ours.map((heading) => heading.level));
    for (const [file, list] of [
      [ENGLISH, ours],
      [CHINESE, theirs],
    ] as const) {
      const texts = list.map((heading) => heading.text);
      expect(
        texts.filter((text, index) => texts.indexOf(text) !== index),
        `headings ${file} has twice`,
      ).to.deep.equal([]);
    }
  });

  it('points the links within each README at the same sections', () => {
    const sectionsLinked = (markdown: string) => {
      const anchors = headings(markdown).map((heading) => heading.anchor);
      return links(markdown)
        .filter((target) => target.startsWith('#'))
        .map((target) => anchors.indexOf(decodeURIComponent(target.slice(1))));
    };
    const ours = sectionsLinked(english);
    expect(ours.length, 'links to sections in README.md').to.be.above(5);
    expect(ours, 'a link to no section of README.md').not.to.include(-1);
    expect(sectionsLinked(chinese)).to.deep.equal(ours);
  });

  it('gives both READMEs the same links and pictures', () => {
    const elsewhere = (markdown: string) =>
      links(markdown)
        .filter((target) => !target.startsWith('#') && target !== ENGLISH && target !== CHINESE)
        .sort();
    const ours = elsewhere(english);
    expect(ours.length, 'links and pictures of README.md').to.be.above(20);
    expect(elsewhere(chinese)).to.deep.equal(ours);
  });

  it('gives both READMEs the same figures', () => {
    const ours = figures(english);
    expect(ours.length, 'figures of README.md').to.be.above(50);
    expect(figures(chinese)).to.deep.equal(ours);
  });

  it('points every relative link of the READMEs, CONTRIBUTING.md and docs/ at a file and heading that exist', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const document of documents()) {
      for (const target of links(read(document)).filter(isRelative)) {
        checked += 1;
        const [file, anchor] = target.split('#');
        const linked =
          file === '' ? document : path.posix.normalize(path.posix.join(path.posix.dirname(document), file));
        if (!fs.existsSync(path.join(ROOT, linked))) {
          broken.push(`${document}: ${target} (no file)`);
        } else if (anchor !== undefined && linked.endsWith('.md')) {
          const anchors = headings(read(linked)).map((heading) => heading.anchor);
          if (!anchors.includes(decodeURIComponent(anchor))) broken.push(`${document}: ${target} (no such heading)`);
        }
      }
    }
    expect(checked, 'relative links found').to.be.above(50);
    expect(broken).to.deep.equal([]);
  });
});
