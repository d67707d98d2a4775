/**
 * The translations, as Node-RED loads them from the package: each locale's
 * catalog has the keys of en-US and keeps its __placeholders__, each locale's
 * help has the sections, message properties, code and links of the en-US
 * help, and the links between helps lead to a section that exists; every help
 * is under 700 words in every language. "To-do" is written one way. Then the runtime's own i18n, set to zh-CN as `lang` in
 * settings.js sets it, gives a node's status text in Chinese.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { runtimeResolve } from '../support/runtime';
import { ACCOUNT_TYPE, NODE_SET_FILES, ROOT, localeFile } from '../support/package-files';

type Catalog = { [key: string]: string | Catalog };

const BASE_LOCALE = 'en-US';
const [ENTRY] = NODE_SET_FILES as string[];
const LOCALES_DIR = path.join(ROOT, path.dirname(ENTRY), 'locales');
const SET_BASE = path.basename(ENTRY, '.js');
const NAMESPACE = `${(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string }).name}/${SET_BASE}`;

function read(file: string): string {
  return fs.readFileSync(file, 'utf8');
}

const locales = fs
  .readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function catalogOf(locale: string): Catalog {
  return JSON.parse(read(localeFile(locale, '.json'))) as Catalog;
}

function helpOf(locale: string): string {
  return read(localeFile(locale));
}

/** The texts of a catalog by their dotted key: `{a: {b: 'x'}}` gives `{'a.b': 'x'}`. */
function leaves(catalog: Catalog, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(catalog)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object') leaves(value, dotted, into);
    else into[dotted] = value;
  }
  return into;
}

/** The `__name__` substitutions of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/__\w+?__/g)].map((match) => match[0]).sort();
}

/** Tag contents of a help, in order, e.g. every `<h3>`. */
function contentsOf(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[2]);
}

/** Each node's help, by type. */
function helpsOf(html: string): Map<string, string> {
  const blocks = [...html.matchAll(/<script type="text\/html" data-help-name="([^"]+)">([\s\S]*?)<\/script>/g)];
  return new Map(blocks.map((match) => [match[1], match[2]]));
}

/** The `<dt>` entries of a help: name (before the type), type, optional or not. */
function definitionTerms(html: string) {
  return [...html.matchAll(/<dt(\s[^>]*)?>([\s\S]*?)<\/dt>/g)].map((match) => {
    const inner = match[2];
    const type = /<span class="property-type">([\s\S]*?)<\/span>/.exec(inner);
    return {
      name: inner.replace(/<span[\s\S]*$/, '').trim(),
      type: type ? type[1].trim() : null,
      optional: /class="optional"/.test(match[1] || ''),
    };
  });
}

/** A message property name as a help lists it (`payload`, `repeatType, repeatDay`), not a dialog label or prose. */
function isPropertyName(name: string): boolean {
  return /^[a-z][A-Za-z0-9_]*(\s*,\s*[a-z][A-Za-z0-9_]*)*$/.test(name);
}

/** The sections of the account's help other helps link to, and the links of a help, in order. */
const sectionsOf = (html: string) => [...html.matchAll(/data-device-cloud-section="([^"]+)"/g)].map((m) => m[1]);
const linksOf = (html: string) => [...html.matchAll(/data-device-cloud-help="([^"]+)"/g)].map((m) => m[1]);

/** The prose of a text: without code, tags, the property names a help lists, message properties or names of types and paths. */
function prose(text: string): string {
  return text
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/<dt\b[^>]*>[^<]*/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\b(?:msg|payload)\.[\w.]+/g, ' ')
    .replace(/[\w-]*(?:device-cloud-|\/)[\w/-]*/g, ' ');
}

/** The most words a help may have: Node-RED's own longest core help (http request) has 737. */
const MOST_HELP_WORDS = 700;

/**
 * The words of a help as a reader reads them: its text without tags, each run of letters or digits between
 * spaces a word, and Chinese (which writes no spaces) two Han characters a word, as a Chinese word mostly is
 * (so the Chinese of an English help comes to about as many words). Punctuation is no word.
 */
function wordsOf(help: string): number {
  const text = help
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .replace(/\$\{[^}]*\}/g, '0');
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const others = text
    .replace(/\p{Script=Han}/gu, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return others + han / 2;
}

describe('translations of the node set', function () {
  it('are there for en-US and zh-CN', function () {
    expect(locales).to.include.members([BASE_LOCALE, 'zh-CN']);
  });

  it('link each help to sections of the account help that exist, in every language', function () {
    for (const locale of locales) {
      const helps = helpsOf(helpOf(locale));
      const sections = sectionsOf(helps.get(ACCOUNT_TYPE) ?? '');
      expect(sections, `${locale}: sections of the account help`).to.include.members(['values', 'errors']);
      for (const [type, help] of helps) {
        const missing = linksOf(help).filter((section) => !sections.includes(section));
        expect(missing, `${locale} ${type}: links to no section`).to.deep.equal([]);
        if (type !== ACCOUNT_TYPE) expect(linksOf(help), `${locale} ${type}: links`).to.not.have.lengthOf(0);
      }
    }
  });

  it('write "to-do" one way in the palette, labels, status texts and help (en-US; unbreakable in the palette), and 待办 in zh-CN', function () {
    const english = [...Object.values(leaves(catalogOf(BASE_LOCALE))), helpOf(BASE_LOCALE)].map(prose).join('\n');
    expect(english.match(/\b(?:todos?|to dos?|ToDos?)\b/gi) ?? [], 'other spellings than to-do').to.deep.equal([]);
    expect(english).to.match(/\bto-dos?\b/);
    // Node-RED's palette breaks labels at an ASCII hyphen and pads it ("to - do"): palette labels write it unbreakable.
    const texts = leaves(catalogOf(BASE_LOCALE));
    for (const [key, text] of Object.entries(texts)) {
      if (key.endsWith('.paletteLabel')) expect(text, key).to.not.include('-');
      else expect(text, key).to.not.include('\u2011');
    }
    const chinese = [...Object.values(leaves(catalogOf('zh-CN'))), helpOf('zh-CN')].join('\n');
    expect(chinese.match(/待办事项/g) ?? [], '待办事项 besides 待办').to.deep.equal([]);
    expect(chinese).to.include('待办');
  });

  describe(`keep each help under ${MOST_HELP_WORDS} words (Chinese: two characters a word)`, function () {
    it('counts as a reader would: English by its words, Chinese by two characters a word', function () {
      expect(wordsOf('<p>Pushes <code>msg.payload</code> to the <i>device</i>, e.g. 1 to 5 pages.</p>')).to.equal(10);
      expect(wordsOf('<p>推送到设备的第 2 页：<code>msg.payload</code>。</p>')).to.equal(4 + 2);
    });

    for (const locale of locales) {
      for (const [type, help] of helpsOf(helpOf(locale))) {
        it(`${locale} ${type}`, function () {
          expect(wordsOf(help), `words of the ${locale} help of ${type}`).to.be.below(MOST_HELP_WORDS);
        });
      }
    }
  });

  for (const locale of locales.filter((name) => name !== BASE_LOCALE)) {
    describe(locale, function () {
      it('has a catalog with exactly the keys of en-US, each a text where en-US has one', function () {
        const translated = leaves(catalogOf(locale));
        const base = leaves(catalogOf(BASE_LOCALE));
        expect(Object.keys(translated).sort()).to.deep.equal(Object.keys(base).sort());
        for (const [key, text] of Object.entries(translated)) {
          expect(text.trim(), `${key} is not empty`).not.to.equal('');
        }
      });

      it('keeps every __placeholder__ of each en-US text, and adds none', function () {
        const translated = leaves(catalogOf(locale));
        for (const [key, text] of Object.entries(leaves(catalogOf(BASE_LOCALE)))) {
          expect(placeholders(translated[key]), key).to.deep.equal(placeholders(text));
        }
      });

      it('has a help for each type with the sections, message properties and links of en-US', function () {
        const helps = helpsOf(helpOf(locale));
        const baseHelps = helpsOf(helpOf(BASE_LOCALE));
        expect([...helps.keys()])
          .to.deep.equal([...baseHelps.keys()])
          .and.not.have.lengthOf(0);
        for (const [type, base] of baseHelps) {
          const help = helps.get(type) ?? '';
          expect(contentsOf(help, 'h3'), `${type}: sections`).to.have.lengthOf(contentsOf(base, 'h3').length);
          expect(sectionsOf(help), `${type}: linked sections`).to.deep.equal(sectionsOf(base));
          expect(linksOf(help), `${type}: links`).to.deep.equal(linksOf(base));
          expect(help.match(/class="message-properties"/g)?.length, `${type}: lists`).to.equal(
            base.match(/class="message-properties"/g)?.length,
          );
          const terms = definitionTerms(help);
          const baseTerms = definitionTerms(base);
          expect(terms.length, `${type}: entries`).to.equal(baseTerms.length);
          baseTerms.forEach((baseTerm, index) => {
            const term = terms[index];
            expect(term.type, `${type}: type of ${baseTerm.name}`).to.equal(baseTerm.type);
            expect(term.optional, `${type}: ${baseTerm.name} optional`).to.equal(baseTerm.optional);
            if (isPropertyName(baseTerm.name)) expect(term.name, `${type}: property name`).to.equal(baseTerm.name);
          });
          expect(contentsOf(help, 'code').sort(), `${type}: code`).to.deep.equal(contentsOf(base, 'code').sort());
        }
      });
    });
  }
});

describe("the runtime's i18n with lang zh-CN", function () {
  /**
   * Runs in a process of its own: the runtime's i18n takes its language once
   * per process, and the other tests here have already set it up.
   */
  function translateInZhCN(lookups: [string, Record<string, unknown>][]): string[] {
    const script = `
      const { i18n } = require(${JSON.stringify(runtimeResolve('@node-red/util'))});
      const [namespace, dir, file, lookups] = JSON.parse(process.argv[1]);
      i18n.init({ lang: 'zh-CN' });
      i18n.registerMessageCatalog(namespace, dir, file)
        .then(() => process.stdout.write(JSON.stringify(lookups.map(([key, values]) => i18n._(key, values)))));
    `;
    const input = JSON.stringify([NAMESPACE, LOCALES_DIR, `${SET_BASE}.json`, lookups]);
    const output = execFileSync(process.execPath, ['-e', script, input], { cwd: ROOT, encoding: 'utf8' });
    return JSON.parse(output) as string[];
  }

  it('gives status texts of a node and of the shared catalog in Chinese, with their values', function () {
    const [watching, listed, todos, invalid] = translateInZhCN([
      [`${NAMESPACE}:device-cloud-todo-watch.status.watching`, { pending: 3, time: '14:05:12' }],
      [`${NAMESPACE}:device-cloud-devices.status.listed`, { count: 2 }],
      [`${NAMESPACE}:device-cloud-todo-list.status.listed`, { count: 4 }],
      [`${NAMESPACE}:common.error.validation`, { field: 'deviceId' }],
    ]);
    expect(watching).to.equal('3 条未完成 · 14:05:12');
    expect(listed).to.equal('2 台设备');
    expect(todos).to.equal('4 条待办');
    expect(invalid).to.equal('deviceId 无效');
  });
});
