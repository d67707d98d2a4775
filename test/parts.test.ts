/**
 * The suite in parts a contributor can run alone (package.json's test:unit,
 * test:runtime, test:editor and test:pages, each with what it needs), while
 * `npm test` runs every test file at once: each file npm test runs is in
 * exactly one part, so a new folder of tests cannot fall outside them all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ROOT } from './support/package-files';

const PARTS = ['unit', 'runtime', 'editor', 'pages'];
const scripts = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** The quoted globs a script gives mocha. */
function globsOf(script: string): string[] {
  const mocha = /\bmocha\b(.*)$/.exec(script)?.[1] ?? '';
  return [...mocha.matchAll(/'([^']+)'/g)].map((match) => match[1]);
}

/** A glob as mocha reads it, for the forms used here: `{a,b}`, `**` + `/`, `*`. */
function patternOf(glob: string): RegExp {
  const source = glob
    .split(/(\{[^}]*\}|\*\*\/|\*)/)
    .map((piece) => {
      if (piece === '**/') return '(?:[^/]+/)*';
      if (piece === '*') return '[^/]*';
      if (piece.startsWith('{')) return `(?:${piece.slice(1, -1).split(',').map(escape).join('|')})`;
      return escape(piece);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every file under test/, relative to the project, with / between folders. */
function filesUnder(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(relative) : [relative];
  });
}

describe('the suite in parts', function () {
  const matchers = (name: string) => globsOf(scripts[name] ?? '').map(patternOf);
  const whole = matchers('test');
  const testFiles = filesUnder('test').filter((file) => whole.some((pattern) => pattern.test(file)));

  it('has a script for each part, and npm test runs the whole', function () {
    expect(
      PARTS.filter((part) => !scripts[`test:${part}`]),
      'parts without a script',
    ).to.deep.equal([]);
    expect(testFiles.length, 'test files npm test runs').to.be.above(50);
  });

  it('puts each test file into exactly one part', function () {
    const parts = PARTS.map((part) => ({ part, patterns: matchers(`test:${part}`) }));
    const misplaced = testFiles
      .map((file) => ({
        file,
        parts: parts.filter(({ patterns }) => patterns.some((pattern) => pattern.test(file))).map(({ part }) => part),
      }))
      .filter(({ parts: found }) => found.length !== 1);
    expect(misplaced, 'test files in no part or in several').to.deep.equal([]);
  });
});
