/**
 * The editor side of every node, as Node-RED and the flow library read it: the
 * html, its help and catalog, the icons, the dialog's defaults and every label
 * key. The node definitions run in a sandbox with a small stand-in for the
 * editor's RED and jQuery; no browser is needed (test/editor/ has the browser).
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { expect } from 'chai';
import { runtimeResolve } from '../support/runtime';
import {
  ACCOUNT_TYPE,
  CONFIG_TYPES,
  NODE_TYPES,
  EDITOR_FILES,
  ROOT,
  WITHOUT_ACCOUNT,
  localeFile,
} from '../support/package-files';

type Catalog = { [key: string]: string | Catalog };
type Validator = (this: Record<string, unknown>, value: unknown, opt?: object) => boolean | string;
interface PropertySpec {
  value: unknown;
  type?: string;
  required?: boolean;
  validate?: Validator;
}
type LabelFunction = (this: Record<string, unknown>, index?: number) => string;
interface Definition {
  category: string;
  color?: string;
  defaults: Record<string, PropertySpec>;
  credentials?: Record<string, { type: string; required?: boolean }>;
  icon?: string;
  align?: string;
  paletteLabel?: LabelFunction;
  label?: LabelFunction;
  inputLabels?: LabelFunction;
  outputLabels?: LabelFunction;
  oneditprepare?: unknown;
}

interface PackageJson {
  name: string;
  'node-red': { nodes: Record<string, string> };
}
const { name: PACKAGE_NAME, 'node-red': nodeRed } = JSON.parse(read(path.join(ROOT, 'package.json'))) as PackageJson;
const [EDITOR_HTML] = EDITOR_FILES;
const SET_DIR = path.dirname(EDITOR_HTML);
const NAMESPACE = `${PACKAGE_NAME}/${Object.keys(nodeRed.nodes)[0]}`;
const SHARED_SCRIPT_URL = `resources/${PACKAGE_NAME}/`;

/** The dialog's config keys (besides name and account) of each action node, as the node contract lists them. */
const CONFIG_KEYS: Record<string, string[]> = {
  'device-cloud-devices': [],
  'device-cloud-sync-interval': ['deviceId', 'deviceIdType', 'syncInterval'],
  'device-cloud-todo-list': ['statusFilter', 'deviceId', 'deviceIdType'],
  'device-cloud-todo-create': [
    'title',
    'titleType',
    'description',
    'descriptionType',
    'priority',
    'repeatType',
    'deviceId',
    'deviceIdType',
  ],
  'device-cloud-todo-update': ['todoId', 'todoIdType'],
  'device-cloud-todo-complete': ['action', 'todoId', 'todoIdType'],
  'device-cloud-todo-delete': ['todoId', 'todoIdType'],
  'device-cloud-todo-watch': ['interval', 'deviceId', 'deviceIdType', 'emitExisting'],
  'device-cloud-todo-sync': ['source', 'deviceId', 'deviceIdType', 'removed'],
  'device-cloud-display-text': [
    'mode',
    'deviceId',
    'deviceIdType',
    'pageId',
    'fontSize',
    'fontSizeType',
    'title',
    'titleType',
    'skipUnchanged',
  ],
  'device-cloud-display-image': [
    'deviceId',
    'deviceIdType',
    'pageId',
    'dither',
    'fit',
    'width',
    'height',
    'skipUnchanged',
  ],
  'device-cloud-page-delete': ['deviceId', 'deviceIdType', 'pageId'],
  'device-cloud-render': [
    'template',
    'width',
    'height',
    'colors',
    'dither',
    'layoutRules',
    'fonts',
    'timeBudget',
    'sample',
  ],
  'device-cloud-trmnl-recipe': [
    'recipe',
    'markup',
    'settings',
    'view',
    'fields',
    'width',
    'height',
    'colors',
    'dither',
    'pictures',
    'timeBudget',
    'fonts',
    'sample',
  ],
};
const ENDS_A_FLOW = [
  'device-cloud-display-text',
  'device-cloud-display-image',
  'device-cloud-page-delete',
  'device-cloud-todo-delete',
  'device-cloud-sync-interval',
];
const FAN_OUT = [
  'device-cloud-display-text',
  'device-cloud-display-image',
  'device-cloud-page-delete',
  'device-cloud-sync-interval',
];

function read(file: string): string {
  return fs.readFileSync(file, 'utf8');
}

/** The shared editor scripts the html loads, as files. */
function sharedScripts(): string[] {
  const sources = [...read(EDITOR_HTML).matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
  return sources.map((source) => path.join(ROOT, 'resources', source.slice(SHARED_SCRIPT_URL.length)));
}

function catalog(locale = 'en-US'): Catalog {
  return JSON.parse(read(localeFile(locale, '.json'))) as Catalog;
}

/** The text a catalog key (`ns:a.b.c`, or `a.b.c` in our namespace) names, or undefined. */
function lookUp(texts: Catalog, key: string): string | undefined {
  const split = key.indexOf(':');
  if (split >= 0 && key.slice(0, split) !== NAMESPACE) return undefined;
  let entry: string | Catalog | undefined = texts;
  for (const part of key.slice(split + 1).split('.')) {
    entry = typeof entry === 'object' ? entry[part] : undefined;
  }
  return typeof entry === 'string' ? entry : undefined;
}

/**
 * The names the editor keeps on its node objects besides the dialog's settings (`node.status` holds the run-time
 * status and is saved with the flow): those in the node contract, and every `node.<name> =` the editor's own code
 * writes, read from the editor of the Node-RED under test. `name`, `inputs` and `outputs` are settings the editor
 * expects in defaults.
 */
const EDITOR_NODE_FIELDS: Set<string> = (() => {
  const editor = read(runtimeResolve('@node-red/editor-client/public/red/red.js'));
  const written = [...editor.matchAll(/\b(?:node|n|nn|newNode)\.([A-Za-z_]\w*)\s*=(?!=)/g)].map((m) => m[1]);
  const contract = ['status', 'x', 'y', 'z', 'g', 'd', 'l', 'w', 'h', 'wires', 'valid', 'dirty', 'changed'];
  const names = new Set([...contract, 'selected', 'icon', 'info', 'users', 'id', 'type', ...written]);
  for (const setting of ['name', 'inputs', 'outputs']) names.delete(setting);
  return names;
})();

/** What the sandbox saw: the definitions registered, and every catalog key asked for as a text (not a mere look). */
interface Sandbox {
  definitions: Record<string, Definition>;
  asked: string[];
}

/**
 * Runs the shared scripts and the html's definition scripts against a stand-in
 * RED whose `_` answers from the en-US catalog (the key itself when it has no
 * text, as Node-RED's does) and records every key asked for as a text: a
 * look-up with a default value only asks whether the catalog has one.
 */
function sandbox(): Sandbox {
  const texts = catalog();
  const seen: Sandbox = { definitions: {}, asked: [] };
  const chain: unknown = new Proxy(function () {}, {
    apply: () => chain,
    get: (_target, property) => (property === 'val' ? () => undefined : () => chain),
  });
  const jquery = Object.assign(() => chain, { extend: Object.assign });
  const translate = (key: string, options?: Record<string, unknown>): string => {
    if (!options || !('defaultValue' in options)) seen.asked.push(key);
    const text = lookUp(texts, key);
    if (text === undefined) return options && 'defaultValue' in options ? String(options.defaultValue) : key;
    return text.replace(/__(\w+)__/g, (whole, name: string) =>
      options && name in options ? String(options[name]) : whole,
    );
  };
  const RED = {
    nodes: {
      registerType(type: string, definition: Definition) {
        seen.definitions[type] = definition;
      },
    },
    events: { on() {} },
    validators: { number: () => () => true, regex: () => () => true },
    utils: { validateTypedProperty: () => true },
    _: translate,
  };
  const context = vm.createContext({ RED, $: jquery, document: {}, console });
  context.window = context;
  for (const file of sharedScripts()) vm.runInContext(read(file), context, { filename: file });
  const scripts = [...read(EDITOR_HTML).matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)];
  for (const [, script] of scripts) vm.runInContext(script, context);
  return seen;
}

const { definitions } = sandbox();

/** The node as the editor holds it: its type and its default values. */
function editorNode(type: string): Record<string, unknown> {
  const node: Record<string, unknown> = { type };
  for (const [key, spec] of Object.entries(definitions[type].defaults)) node[key] = spec.value;
  return node;
}

function helpOf(type: string, locale = 'en-US'): string {
  const match = new RegExp(`<script type="text/html" data-help-name="${type}">([\\s\\S]*?)</script>`).exec(
    read(localeFile(locale)),
  );
  return match ? match[1] : '';
}

describe('editor files of the node set', function () {
  it("knows the editor's own node fields from the editor it runs with", function () {
    expect([...EDITOR_NODE_FIELDS]).to.include.members(['status', 'x', 'z', 'wires', 'dirty', 'changed', 'valid']);
    expect(EDITOR_NODE_FIELDS.size).to.be.above(30);
  });

  it('loads each shared editor script, which exists, and registers every node type with a literal registerType', function () {
    const scripts = sharedScripts();
    expect(scripts.map((file) => path.basename(file))).to.have.members(['device-cloud-editor.js']);
    for (const file of scripts) expect(fs.existsSync(file), file).to.equal(true);
    expect(Object.keys(definitions).sort()).to.deep.equal([...NODE_TYPES].sort());
    const html = read(EDITOR_HTML);
    for (const type of NODE_TYPES) {
      expect(html).to.match(new RegExp(`RED\\.nodes\\.registerType\\(\\s*["']${type}["']`));
      expect(html).to.include(`<script type="text/html" data-template-name="${type}">`);
    }
  });

  it('finds every shared text the shared editor code asks for in the catalog', function () {
    const sources = path.join(ROOT, 'src', 'editor');
    const code = fs
      .readdirSync(sources)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => read(path.join(sources, file)))
      .join('\n');
    const keys = [
      ...[...code.matchAll(/\btext\(\s*["'](common\.[^"']+)["']/g)].map((m) => m[1]),
      ...[...code.matchAll(/\btext\(\s*["']((?:devicePicker|accountCheck|option)\.[^"']+)["']/g)].map(
        (m) => `common.${m[1]}`,
      ),
    ];
    expect(keys.length).to.be.above(15);
    expect(keys.filter((key) => lookUp(catalog(), key) === undefined)).to.deep.equal([]);
  });

  it('labels the palette category through the catalog, as Node-RED looks it up', function () {
    const category = definitions['device-cloud-devices'].category;
    // Node-RED's escapeCategory: every ASCII character but letters, digits and '-' becomes '_'.
    const escaped = category.replace(/[^A-Za-z0-9\-\u0080-\uffff]/g, '_');
    for (const locale of ['en-US', 'zh-CN']) {
      expect(lookUp(catalog(locale), `palette.label.${escaped}`), locale)
        .to.be.a('string')
        .and.not.equal('');
    }
  });

  for (const type of NODE_TYPES) {
    describe(type, function () {
      const isConfig = CONFIG_TYPES.includes(type);

      it('has an en-US help with the sections Node-RED help has', function () {
        const help = helpOf(type);
        expect(help).to.include('class="message-properties"');
        const sections = isConfig ? ['Properties', 'Details'] : ['Inputs', 'Outputs', 'Details'];
        for (const section of sections) expect(help).to.include(`<h3>${section}</h3>`);
        if (!isConfig) expect(help).to.include('class="property-type"');
      });

      it('labels itself, in the palette and the help, through keys that resolve', function () {
        const seen = sandbox();
        const definition = seen.definitions[type];
        const labelsOf = (node: Record<string, unknown>) => ({
          paletteLabel: definition.paletteLabel?.call({ type }),
          label: definition.label?.call(node),
          inputLabels: definition.inputLabels?.call(node, 0),
          outputLabels: definition.outputLabels?.call(node, 0),
        });
        const labels = labelsOf(editorNode(type));
        // Every choice of every select, for the labels that name the node's setting.
        for (const [key, spec] of Object.entries(definition.defaults)) {
          for (const value of [
            '',
            'all',
            'pending',
            'completed',
            '0',
            '30',
            '720',
            '1',
            '5',
            'reopen',
            'toggle',
            'structured',
          ]) {
            if (spec.validate?.call({ type }, value, {}) === true) labelsOf({ ...editorNode(type), [key]: value });
          }
        }
        expect(seen.asked, 'keys asked').to.not.have.lengthOf(0);
        expect(seen.asked.filter((key) => lookUp(catalog(), key) === undefined)).to.deep.equal([]);
        expect(labels.paletteLabel, 'paletteLabel').to.be.a('string').and.not.include(type);
        expect(labels.label, 'label').to.be.a('string').and.not.equal('');
        if (!isConfig) {
          expect(labels.inputLabels, 'inputLabels').to.be.a('string').and.not.equal('');
          expect(labels.outputLabels, 'outputLabels').to.be.a('string').and.not.equal('');
        }
      });

      it('names an icon that exists, sits in its category and declares its config keys', function () {
        const definition = definitions[type];
        const keys = Object.keys(definition.defaults);
        expect(definition.oneditprepare, 'oneditprepare').to.be.a('function');
        if (isConfig) {
          expect(definition.category).to.equal('config');
          if (type === ACCOUNT_TYPE) {
            expect(keys).to.include.members(['name', 'baseUrl', 'authHeader']);
            expect(definition.credentials).to.deep.equal({ apiKey: { type: 'password', required: true } });
          } else {
            expect(keys).to.include.members(['name', 'url', 'timeZone', 'timeout']);
            expect(definition.credentials).to.deep.equal({
              username: { type: 'text' },
              password: { type: 'password' },
            });
          }
          return;
        }
        expect(definition.category).to.equal('device cloud');
        expect(definition.color).to.equal('#C7D8D8');
        if (WITHOUT_ACCOUNT.includes(type)) {
          expect(keys).to.have.members(['name', 'version', ...CONFIG_KEYS[type]]);
        } else {
          expect(keys).to.include.members(['name', 'version', 'account', ...CONFIG_KEYS[type]]);
          expect(definition.defaults.account.type).to.equal(ACCOUNT_TYPE);
        }
        expect(definition.align).to.equal(ENDS_A_FLOW.includes(type) ? 'right' : undefined);
        const icon = path.join(SET_DIR, 'icons', definition.icon as string);
        expect(fs.existsSync(icon), icon).to.equal(true);
        expect(read(icon)).to.match(/viewBox="0 0 40 60"/);
      });

      it('keeps no setting in a field that the editor uses for its own node fields', function () {
        const clashes = Object.keys(definitions[type].defaults).filter((key) => EDITOR_NODE_FIELDS.has(key));
        expect(clashes, 'defaults named like a field of the editor').to.deep.equal([]);
      });

      if (!isConfig) {
        it('accepts its defaults, and an empty value (from the message) in every validated field but the account', function () {
          const node = editorNode(type);
          for (const [key, spec] of Object.entries(definitions[type].defaults)) {
            if (!spec.validate) continue;
            expect(spec.validate.call(node, spec.value, {}), `${key}: its default`).to.equal(true);
            if (!spec.required) expect(spec.validate.call(node, '', {}), `${key}: ''`).to.equal(true);
          }
        });
      }
    });
  }

  describe('the shared validators', function () {
    const check = (type: string, key: string, value: unknown, node: Record<string, unknown>) =>
      (definitions[type].defaults[key].validate as Validator).call({ type, ...node }, value, { label: key });

    it('take a MAC address typed in or picked, in any accepted form, and refuse another text', function () {
      for (const deviceIdType of ['device', 'str']) {
        const node = { deviceIdType };
        expect(check('device-cloud-display-text', 'deviceId', 'aa-bb-cc-dd-ee-01', node)).to.equal(true);
        expect(check('device-cloud-display-text', 'deviceId', 'AABBCCDDEE01', node)).to.equal(true);
        expect(check('device-cloud-display-text', 'deviceId', 'kitchen', node))
          .to.be.a('string')
          .and.match(/MAC/);
      }
      expect(check('device-cloud-display-text', 'deviceId', 'payload.device', { deviceIdType: 'msg' })).to.equal(true);
      expect(check('device-cloud-display-text', 'deviceId', 'DISPLAY', { deviceIdType: 'env' })).to.equal(true);
    });

    it('refuse a device read from the message where the node has no message to read it from', function () {
      expect(check('device-cloud-todo-watch', 'deviceId', 'payload', { deviceIdType: 'msg' })).to.equal(false);
      expect(check('device-cloud-todo-watch', 'deviceId', 'display', { deviceIdType: 'flow' })).to.equal(true);
    });

    it('keep a typed-in font size within 12 to 48, a title within 200 characters, a poll of 10 s at least', function () {
      const text = 'device-cloud-display-text';
      expect(check(text, 'fontSize', '12', { fontSizeType: 'num' })).to.equal(true);
      expect(check(text, 'fontSize', '49', { fontSizeType: 'num' })).to.be.a('string');
      expect(check(text, 'fontSize', 'size', { fontSizeType: 'msg' })).to.equal(true);
      expect(check(text, 'title', 'x'.repeat(200), { titleType: 'str' })).to.equal(true);
      expect(check(text, 'title', 'x'.repeat(201), { titleType: 'str' })).to.be.a('string');
      expect(check('device-cloud-todo-watch', 'interval', '9', {})).to.be.a('string');
      expect(check('device-cloud-todo-watch', 'interval', '10', {})).to.equal(true);
      expect(check('device-cloud-display-image', 'width', '4097', {})).to.be.a('string');
      expect(check('device-cloud-display-image', 'width', '${WIDTH}', {})).to.equal(true);
    });

    it('take "all" (lower case, as the runtime does) for the nodes that act on every device, and only for them', function () {
      for (const type of NODE_TYPES.filter((t) => definitions[t].defaults.deviceId)) {
        for (const deviceIdType of ['device', 'str']) {
          const verdict = (value: string) => check(type, 'deviceId', value, { deviceIdType });
          if (FAN_OUT.includes(type)) expect(verdict('all'), `${type}: "all"`).to.equal(true);
          else expect(verdict('all'), `${type}: "all"`).to.be.a('string').and.match(/MAC/);
          for (const other of ['All', 'ALL', ' all']) {
            expect(verdict(other), `${type}: "${other}"`).to.be.a('string').and.match(/MAC/);
          }
        }
      }
    });

    it('refuse a choice that is not among the options', function () {
      expect(check('device-cloud-display-text', 'pageId', '5', {})).to.equal(true);
      expect(check('device-cloud-display-text', 'pageId', '6', {})).to.be.a('string');
      expect(check('device-cloud-page-delete', 'pageId', 'all', {})).to.equal(true);
      expect(check('device-cloud-display-text', 'mode', 'fancy', {})).to.be.a('string');
    });

    it('refuse an account address that is not http(s), and an account the editor knows to have no key', function () {
      const baseUrl = (credentials: object | undefined) =>
        check(ACCOUNT_TYPE, 'baseUrl', 'https://cloud.example.com', { credentials });
      expect(check(ACCOUNT_TYPE, 'baseUrl', 'cloud.example.com', {})).to.be.a('string');
      expect(baseUrl(undefined), 'key not known yet').to.equal(true);
      expect(baseUrl({ has_apiKey: true }), 'key stored').to.equal(true);
      expect(baseUrl({ has_apiKey: true, apiKey: 'typed' }), 'key typed').to.equal(true);
      expect(baseUrl({}), 'imported: Node-RED has no key')
        .to.be.a('string')
        .and.match(/API key/);
      expect(baseUrl({ has_apiKey: false }), 'no key')
        .to.be.a('string')
        .and.match(/API key/);
    });
  });
});
