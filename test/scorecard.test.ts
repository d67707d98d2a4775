/**
 * The rules the flow library's `node-red-dev validate` scores, checked offline
 * (its catalogue and registry look-ups need the internet): package metadata
 * P01-P07, nodes N02 (an example uses every node) and the literal
 * registerType it parses, dependencies D01.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import semver from 'semver';
import { expect } from 'chai';
import { EDITOR_FILES, NODE_TYPES, ROOT } from './support/package-files';

interface PackageJson {
  license: string;
  repository: { url: string };
  bugs: string;
  name: string;
  keywords: string[];
  engines: { node: string };
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  'node-red': { version: string };
}

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;
// The newest Node-RED 4 and 5 releases when this was written; both must be admitted.
const NODE_RED_RELEASES = ['4.1.15', '5.0.7'];
const NODE_RED_MIN_NODE = { 4: '18.5.0', 5: '22.9.0' };
const EXAMPLES_DIR = path.join(ROOT, 'examples');

/**
 * What the validator reads from a node's html, the way it reads it: each
 * script block parsed by acorn, each registerType's literal type and object
 * literal, and in it every property by its key's name (a spread or a computed
 * key would stop the validator), category, color, icon, inputs and outputs as
 * literals, defaults and credentials as object literals.
 */
function nodeDefinitions(file: string): Record<string, { category: unknown }> {
  const html = fs.readFileSync(file, 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+type=['"]text\/javascript['"][^>]*>([\s\S]*?)<\/script>/gi)];
  const definitions: Record<string, { category: unknown }> = {};
  for (const [, script] of scripts) {
    walk.simple(acorn.parse(script, { ecmaVersion: 'latest' }), {
      CallExpression(call) {
        const callee = call.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (callee.property.name !== 'registerType') return;
        const [type, definition] = call.arguments;
        expect(type.type, `${file}: registerType's type must be a literal`).to.equal('Literal');
        expect(definition.type, `${file}: the definition must be an object literal`).to.equal('ObjectExpression');
        if (type.type !== 'Literal' || definition.type !== 'ObjectExpression') return;
        const props: Record<string, acorn.Expression> = {};
        for (const property of definition.properties) {
          expect(property.type, `${String(type.value)}: no spread in the definition`).to.equal('Property');
          if (property.type !== 'Property') continue;
          expect(property.key.type, `${String(type.value)}: keys are names`).to.equal('Identifier');
          if (property.key.type === 'Identifier') props[property.key.name] = property.value;
        }
        for (const key of ['category', 'color', 'icon', 'inputs', 'outputs']) {
          if (props[key]) expect(props[key].type, `${String(type.value)}: ${key} must be inline`).to.equal('Literal');
        }
        for (const key of ['defaults', 'credentials']) {
          if (props[key]) expect(props[key].type, `${String(type.value)}: ${key} inline`).to.equal('ObjectExpression');
        }
        const category = props.category;
        definitions[String(type.value)] = { category: category?.type === 'Literal' ? category.value : undefined };
      },
    });
  }
  return definitions;
}

describe('flow library scorecard (node-red-dev validate, offline rules)', () => {
  it('P01 has a license', () => {
    expect(pkg.license).to.equal('MIT');
    expect(fs.existsSync(path.join(ROOT, 'LICENSE'))).to.equal(true);
  });

  it('P03 names a repository and where to report bugs', () => {
    expect(pkg.repository.url).to.match(/^git\+https:\/\//);
    expect(pkg.bugs).to.be.a('string');
  });

  it('P04 uses a scoped name', () => {
    expect(pkg.name).to.match(/^@[a-z\d][\w-.]+\/[a-z\d][\w-.]*$/);
  });

  it('P05 has the node-red keyword', () => {
    expect(pkg.keywords).to.include('node-red');
  });

  it('P06 declares a Node-RED version that admits current Node-RED 4 and 5', () => {
    for (const release of NODE_RED_RELEASES) {
      expect(semver.satisfies(release, pkg['node-red'].version), release).to.equal(true);
    }
  });

  it('P07 declares engines.node that admits the Node.js of every supported Node-RED', () => {
    for (const version of Object.values(NODE_RED_MIN_NODE).filter((v) => semver.gte(v, '20.18.1'))) {
      expect(semver.satisfies(version, pkg.engines.node), version).to.equal(true);
    }
    expect(semver.minVersion(pkg.engines.node)?.version).to.equal('20.18.1');
  });

  // D01 warns above 6 (the catalogue's 95th percentile). We have 12, each doing what our own code would do worse:
  // the HTTP client, the multipart body, image fitting, and for drawn pages the drawing engine (Takumi, its
  // WebAssembly build; the native build is an optional dependency, installed where it has a binary), the
  // template node's placeholders and QR codes; for CalDAV task lists iCalendar (ical.js) and WebDAV's XML with
  // namespaces (@xmldom/xmldom); for TRMNL recipes their Liquid, their settings' YAML, the zip TRMNL exports them
  // in and their Markdown filter; each pure JavaScript (README, design decisions): the warning is taken on
  // purpose. A new one must be added here, on purpose.
  it('D01 has the 12 dependencies the README accounts for, and no other; the native drawing engine is optional', () => {
    expect(Object.keys(pkg.dependencies).sort()).to.deep.equal([
      '@takumi-rs/wasm',
      '@xmldom/xmldom',
      'fflate',
      'form-data',
      'ical.js',
      'lean-qr',
      'liquidjs',
      'markdown-it',
      'mustache',
      'sharp',
      'undici',
      'yaml',
    ]);
    expect(pkg.optionalDependencies).to.deep.equal({ '@takumi-rs/core': pkg.dependencies['@takumi-rs/wasm'] });
  });

  it('N02 parses every node html as the validator does, and an example uses every non-config node', () => {
    const definitions: Record<string, { category: unknown }> = {};
    for (const html of EDITOR_FILES) Object.assign(definitions, nodeDefinitions(html));
    expect(Object.keys(definitions).sort()).to.deep.equal([...NODE_TYPES].sort());

    // The validator reads every file under examples/ as a flow.
    const examples = fs.readdirSync(EXAMPLES_DIR, { recursive: true, encoding: 'utf8' });
    const used = new Set(
      examples
        .filter((file) => fs.statSync(path.join(EXAMPLES_DIR, file)).isFile())
        .flatMap((file) => {
          const flow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as { type: string }[];
          return flow.map((node) => node.type);
        }),
    );
    const missing = Object.entries(definitions)
      .filter(([type, definition]) => definition.category !== 'config' && !used.has(type))
      .map(([type]) => type);
    expect(missing).to.deep.equal([]);
  });
});
