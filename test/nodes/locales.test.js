'use strict';
/**
 * The translations of every node, as Node-RED loads them from the built
 * package: each locale's catalog has the keys of en-US and keeps its
 * __placeholders__, each locale's help has the sections and the message
 * properties of the en-US help. Then the runtime's own i18n, set to zh-CN as
 * `lang` in settings.js sets it, gives a node's status text in Chinese.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { expect } = require('chai');
const { runtimeResolve } = require('../support/runtime');

const root = path.resolve(__dirname, '../..');
const pkg = require(path.join(root, 'package.json'));
const BASE_LOCALE = 'en-US';

/** The package's node sets (one): name, catalog namespace and locales folder. */
const nodeSets = Object.entries(pkg['node-red'].nodes).map(([name, file]) => {
  const js = path.join(root, file);
  return {
    type: name,
    base: path.basename(js, '.js'),
    namespace: `${pkg.name}/${name}`,
    locales: path.join(path.dirname(js), 'locales'),
  };
});

function read(file) {
  return fs.readFileSync(file, 'utf8');
}

function localeDirsOf(set) {
  if (!fs.existsSync(set.locales)) return [];
  return fs
    .readdirSync(set.locales, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Every locale any node has: each node must then have all of them. */
const locales = [...new Set(nodeSets.flatMap(localeDirsOf))].sort();

function catalogFile(set, locale) {
  return path.join(set.locales, locale, `${set.base}.json`);
}

function helpFile(set, locale) {
  return path.join(set.locales, locale, `${set.base}.html`);
}

/** The texts of a catalog by their dotted key: `{a: {b: 'x'}}` gives `{'a.b': 'x'}`. */
function leaves(catalog, prefix = '', into = {}) {
  for (const [key, value] of Object.entries(catalog)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') leaves(value, dotted, into);
    else into[dotted] = value;
  }
  return into;
}

/** The `__name__` substitutions of a text, sorted. */
function placeholders(text) {
  return [...String(text).matchAll(/__\w+?__/g)].map((match) => match[0]).sort();
}

/** Tag contents of a help, in order, e.g. every `<h3>`. */
function contentsOf(html, tag) {
  return [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[2]);
}

/** The `<dt>` entries of a help: name (before the type), type, optional or not. */
function definitionTerms(html) {
  return [...html.matchAll(/<dt(\s[^>]*)?>([\s\S]*?)<\/dt>/g)].map((match) => {
    const attributes = match[1] || '';
    const inner = match[2];
    const type = /<span class="property-type">([\s\S]*?)<\/span>/.exec(inner);
    return {
      name: inner.replace(/<span[\s\S]*$/, '').trim(),
      type: type ? type[1].trim() : null,
      optional: /class="optional"/.test(attributes),
    };
  });
}

/** A message property name as a help lists it (`payload`, `repeatType, repeatDay`), not a dialog label or prose. */
function isPropertyName(name) {
  return /^[a-z][A-Za-z0-9_]*(\s*,\s*[a-z][A-Za-z0-9_]*)*$/.test(name);
}

describe('translations of every node', function () {
  it('are built for en-US and zh-CN', function () {
    expect(locales).to.include.members([BASE_LOCALE, 'zh-CN']);
  });

  for (const set of nodeSets) {
    describe(set.type, function () {
      const baseCatalog = () => JSON.parse(read(catalogFile(set, BASE_LOCALE)));
      const baseHelp = () => read(helpFile(set, BASE_LOCALE));

      for (const locale of locales.filter((name) => name !== BASE_LOCALE)) {
        describe(locale, function () {
          it('has a catalog with exactly the keys of en-US, each a text where en-US has one', function () {
            const file = catalogFile(set, locale);
            expect(fs.existsSync(file), file).to.equal(true);
            const translated = leaves(JSON.parse(read(file)));
            const base = leaves(baseCatalog());
            expect(Object.keys(translated).sort()).to.deep.equal(Object.keys(base).sort());
            for (const [key, text] of Object.entries(translated)) {
              expect(typeof text, key).to.equal(typeof base[key]);
              expect(String(text).trim(), `${key} is not empty`).not.to.equal('');
            }
          });

          it('keeps every __placeholder__ of each en-US text, and adds none', function () {
            const translated = leaves(JSON.parse(read(catalogFile(set, locale))));
            for (const [key, text] of Object.entries(leaves(baseCatalog()))) {
              expect(placeholders(translated[key]), key).to.deep.equal(placeholders(text));
            }
          });

          it('has a help for the same type with the sections and message properties of en-US', function () {
            const file = helpFile(set, locale);
            expect(fs.existsSync(file), file).to.equal(true);
            const help = read(file);
            const base = baseHelp();
            const helpNames = (html) => [...html.matchAll(/data-help-name="([^"]+)"/g)].map((match) => match[1]);
            expect(helpNames(help)).to.deep.equal(helpNames(base)).and.not.be.empty;
            expect(contentsOf(help, 'h3'), 'sections').to.have.lengthOf(contentsOf(base, 'h3').length);
            expect((help.match(/class="message-properties"/g) || []).length).to.equal(
              (base.match(/class="message-properties"/g) || []).length,
            );

            const terms = definitionTerms(help);
            const baseTerms = definitionTerms(base);
            expect(terms.length, 'entries').to.equal(baseTerms.length);
            baseTerms.forEach((baseTerm, index) => {
              const term = terms[index];
              expect(term.type, `type of ${baseTerm.name}`).to.equal(baseTerm.type);
              expect(term.optional, `${baseTerm.name} optional`).to.equal(baseTerm.optional);
              if (isPropertyName(baseTerm.name)) expect(term.name, 'property name').to.equal(baseTerm.name);
            });
          });

          it('leaves the code of the en-US help as it is', function () {
            const code = contentsOf(read(helpFile(set, locale)), 'code').sort();
            expect(code).to.deep.equal(contentsOf(baseHelp(), 'code').sort());
          });
        });
      }
    });
  }
});

describe("the runtime's i18n with lang zh-CN", function () {
  /**
   * Runs in a process of its own: the runtime's i18n takes its language once
   * per process, and the other tests here have already set it up.
   */
  function translateInZhCN(lookups) {
    const script = `
      const { i18n } = require(${JSON.stringify(runtimeResolve('@node-red/util'))});
      const [sets, lookups] = JSON.parse(process.argv[1]);
      i18n.init({ lang: 'zh-CN' });
      Promise.all(sets.map((set) => i18n.registerMessageCatalog(set.namespace, set.locales, set.base + '.json')))
        .then(() => process.stdout.write(JSON.stringify(lookups.map(([key, values]) => i18n._(key, values)))));
    `;
    const sets = nodeSets.map(({ namespace, locales: dir, base }) => ({ namespace, locales: dir, base }));
    const output = execFileSync(process.execPath, ['-e', script, JSON.stringify([sets, lookups])], {
      cwd: root,
      encoding: 'utf8',
    });
    return JSON.parse(output);
  }

  it('gives status texts of a node and of the shared catalog in Chinese, with their values', function () {
    const namespace = nodeSets[0].namespace;
    const [watching, listed, invalid] = translateInZhCN([
      [`${namespace}:device-cloud-todo-watch.status.watching`, { pending: 3, time: '14:05:12' }],
      [`${namespace}:device-cloud-devices.status.listed`, { count: 2 }],
      [`${namespace}:common.error.validation`, { field: 'deviceId' }],
    ]);
    expect(watching).to.equal('3 条未完成 · 14:05:12');
    expect(listed).to.equal('2 台设备');
    expect(invalid).to.equal('deviceId 无效');
  });
});
