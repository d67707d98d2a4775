'use strict';
/**
 * The editor side of every node, as Node-RED and the flow library read it:
 * the built html, its help and catalog, the icon, the dialog's defaults and
 * every label key. The node definitions run in a sandbox with a small stand-in
 * for the editor's RED and jQuery; no browser is needed.
 */
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { expect } = require('chai');

const root = path.resolve(__dirname, '../..');
const pkg = require(path.join(root, 'package.json'));
const SHARED_SCRIPT_URL = `resources/${pkg.name}/device-cloud-editor.js`;
const SHARED_SCRIPT = path.join(root, 'resources', 'device-cloud-editor.js');

/** The dialog's config keys (besides name and account) of each node, as the team brief lists them. */
const CONFIG_KEYS = {
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
};
const ACCOUNT_KEYS = ['name', 'baseUrl', 'authHeader'];
const ENDS_A_FLOW = [
  'device-cloud-display-text',
  'device-cloud-display-image',
  'device-cloud-page-delete',
  'device-cloud-todo-delete',
  'device-cloud-sync-interval',
];

/**
 * The names the editor keeps on its node objects besides the dialog's settings (`node.status` holds the run-time
 * status and is saved with the flow): those in the node contract, and every `node.<name> =` the editor's own code
 * writes. `name`, `inputs` and `outputs` are settings the editor expects in defaults.
 */
const EDITOR_NODE_FIELDS = (() => {
  const editorFile = require.resolve('@node-red/editor-client/public/red/red.js', {
    paths: [path.dirname(require.resolve('node-red/package.json', { paths: [root] }))],
  });
  const written = [...read(editorFile).matchAll(/\b(?:node|n|nn|newNode)\.([A-Za-z_]\w*)\s*=(?!=)/g)].map((m) => m[1]);
  const contract = [
    'status',
    'x',
    'y',
    'z',
    'g',
    'd',
    'l',
    'w',
    'h',
    'wires',
    'valid',
    'dirty',
    'changed',
    'selected',
    'icon',
    'info',
    'users',
    'id',
    'type',
  ];
  const names = new Set([...contract, ...written]);
  for (const setting of ['name', 'inputs', 'outputs']) names.delete(setting);
  return names;
})();

/** The package's one node set: its entry point, editor html, catalog and help, and the node types it registers. */
const [[SET_NAME, ENTRY]] = Object.entries(pkg['node-red'].nodes);
const SET_DIR = path.dirname(path.join(root, ENTRY));
const SET_BASE = path.basename(ENTRY, '.js');
const NAMESPACE = `${pkg.name}/${SET_NAME}`;
const NODE_TYPES = ['device-cloud-account', ...Object.keys(CONFIG_KEYS), 'device-cloud-todo-watch'];
const nodeSets = NODE_TYPES.map((type) => ({
  type,
  dir: SET_DIR,
  namespace: NAMESPACE,
  html: path.join(SET_DIR, `${SET_BASE}.html`),
  catalog: path.join(SET_DIR, 'locales', 'en-US', `${SET_BASE}.json`),
  help: path.join(SET_DIR, 'locales', 'en-US', `${SET_BASE}.html`),
}));

function read(file) {
  return fs.readFileSync(file, 'utf8');
}

function catalogs() {
  return { [NAMESPACE]: JSON.parse(read(nodeSets[0].catalog)) };
}

/** The help of one node type: its `data-help-name` block of the set's help file. */
function helpOf(file, type) {
  const match = new RegExp(`<script type="text/html" data-help-name="${type}">([\\s\\S]*?)</script>`).exec(read(file));
  return match ? match[0] : '';
}

/** The text a key names, or undefined: `ns:a.b.c` in that namespace's catalog, `a.b.c` in the node's own. */
function lookUp(allCatalogs, ownNamespace, key) {
  const split = key.indexOf(':');
  const namespace = split >= 0 ? key.slice(0, split) : ownNamespace;
  const pathInCatalog = split >= 0 ? key.slice(split + 1) : key;
  let entry = allCatalogs[namespace];
  for (const part of pathInCatalog.split('.')) {
    entry = entry !== null && typeof entry === 'object' ? entry[part] : undefined;
  }
  return typeof entry === 'string' ? entry : undefined;
}

/** The keys of every data-i18n attribute: `a;[placeholder]b;[html]c` gives a, b and c. */
function dataI18nKeys(html) {
  const keys = [];
  for (const match of html.matchAll(/data-i18n="([^"]*)"/g)) {
    for (const part of match[1].split(';')) keys.push(part.replace(/^\[[^\]]*\]/, '').trim());
  }
  return keys;
}

/** The keys of every literal `_('...')` call: `this._('key')` in a node's script. */
function translateCallKeys(script) {
  return [...script.matchAll(/\b_\(\s*'([^']+)'/g)].map((match) => match[1]);
}

function scriptBlocks(html, type) {
  const pattern = new RegExp(`<script type="${type}"[^>]*>([\\s\\S]*?)</script>`, 'g');
  return [...html.matchAll(pattern)].map((match) => match[1]);
}

/** RED._ as the editor has it: the catalog's text with its __name__ substitutions. */
function translator(allCatalogs) {
  return (key, substitutions = {}) => {
    const text = lookUp(allCatalogs, NAMESPACE, key);
    if (text === undefined) return key;
    return text.replace(/__(\w+)__/g, (whole, name) => (name in substitutions ? String(substitutions[name]) : whole));
  };
}

/**
 * Runs the shared editor script and a node's definition script against a
 * stand-in RED; answers what registerType received.
 */
function definitionOf(html) {
  const registered = {};
  const jquery = new Proxy(function () {}, {
    apply: () => jquery,
    get: (_target, property) => (property === 'val' ? () => undefined : () => jquery),
  });
  const RED = {
    nodes: {
      registerType(type, definition) {
        registered[type] = definition;
      },
    },
    events: { on() {} },
    validators: { number: () => () => true, regex: () => () => true, typedInput: () => () => true },
    utils: { validateTypedProperty: () => true },
    _: translator(catalogs()),
  };
  const context = vm.createContext({ RED, $: jquery, jQuery: jquery, console });
  context.window = context;
  vm.runInContext(read(SHARED_SCRIPT), context, { filename: SHARED_SCRIPT });
  for (const script of scriptBlocks(html, 'text/javascript')) vm.runInContext(script, context);
  return registered;
}

/** The node as the editor holds it: its default values, and `_` recording the keys asked for. */
function editorNode(definition, namespace, asked) {
  const node = { _: (key) => (asked.push(key), key) };
  for (const [key, spec] of Object.entries(definition.defaults || {})) node[key] = spec.value;
  node._namespace = namespace;
  return node;
}

describe('editor files of every node', function () {
  const allCatalogs = catalogs();

  it("knows the editor's own node fields from the editor it runs with", function () {
    expect([...EDITOR_NODE_FIELDS]).to.include.members(['status', 'x', 'z', 'wires', 'dirty', 'changed', 'valid']);
    expect(EDITOR_NODE_FIELDS.size).to.be.above(30);
  });

  it('the shared editor script exists and each of its shared texts is in the account catalog', function () {
    const script = read(SHARED_SCRIPT);
    const keys = [...script.matchAll(/commonText\(\s*'([^']+)'/g)].map((match) => match[1]);
    expect(keys).not.to.be.empty;
    const missing = keys.filter((key) => lookUp(allCatalogs, NAMESPACE, `common.${key}`) === undefined);
    expect(missing, 'keys missing from common.*').to.deep.equal([]);
  });

  for (const set of nodeSets) {
    describe(set.type, function () {
      const isConfig = set.type === 'device-cloud-account';

      it('has a built html with a literal registerType and its template, loading the shared script it uses', function () {
        expect(fs.existsSync(set.html), set.html).to.equal(true);
        const html = read(set.html);
        expect(html).to.match(new RegExp(`RED\\.nodes\\.registerType\\(\\s*'${set.type}'`));
        expect(html).to.include(`<script type="text/html" data-template-name="${set.type}">`);
        if (html.includes('DeviceCloudEditor')) expect(html).to.include(`<script src="${SHARED_SCRIPT_URL}"></script>`);
      });

      it('has an en-US catalog and help with the expected sections', function () {
        expect(fs.existsSync(set.catalog), set.catalog).to.equal(true);
        expect(fs.existsSync(set.help), set.help).to.equal(true);
        const help = helpOf(set.help, set.type);
        expect(help).to.include(`<script type="text/html" data-help-name="${set.type}">`);
        expect(help).to.include('class="message-properties"');
        if (isConfig) {
          expect(help).to.match(/<h3>(Details|Properties)<\/h3>/);
        } else {
          for (const section of ['Inputs', 'Outputs', 'Details']) expect(help).to.include(`<h3>${section}</h3>`);
          expect(help).to.include('class="property-type"');
        }
      });

      it('resolves every data-i18n and this._() key of its html in the catalogs', function () {
        const html = read(set.html);
        const keys = [...dataI18nKeys(html), ...scriptBlocks(html, 'text/javascript').flatMap(translateCallKeys)];
        expect(keys).not.to.be.empty;
        const missing = keys.filter((key) => lookUp(allCatalogs, set.namespace, key) === undefined);
        expect(missing, `keys missing from ${set.namespace}`).to.deep.equal([]);
      });

      it('labels itself through keys that resolve, and names an icon that exists', function () {
        const definition = definitionOf(read(set.html))[set.type];
        expect(definition, 'registerType was called with the type').to.be.an('object');
        const asked = [];
        const node = editorNode(definition, set.namespace, asked);
        for (const name of ['paletteLabel', 'label', 'inputLabels', 'outputLabels']) {
          if (typeof definition[name] === 'function') definition[name].call(node, 0);
        }
        const missing = asked.filter((key) => lookUp(allCatalogs, set.namespace, key) === undefined);
        expect(missing, 'label keys missing').to.deep.equal([]);
        if (!isConfig) {
          expect(asked, 'labels come from the catalog').not.to.be.empty;
          expect(definition.icon).to.be.a('string');
          expect(fs.existsSync(path.join(set.dir, 'icons', definition.icon)), definition.icon).to.equal(true);
          expect(read(path.join(set.dir, 'icons', definition.icon))).to.match(/viewBox="0 0 40 60"/);
        }
      });

      it('sits in its palette category and declares the config keys in its defaults', function () {
        const definition = definitionOf(read(set.html))[set.type];
        const keys = Object.keys(definition.defaults);
        if (isConfig) {
          expect(definition.category).to.equal('config');
          expect(keys).to.include.members(ACCOUNT_KEYS);
          expect(definition.credentials).to.deep.equal({ apiKey: { type: 'password' } });
          return;
        }
        expect(definition.category).to.equal('device cloud');
        expect(definition.color).to.equal('#C7D8D8');
        if (CONFIG_KEYS[set.type]) {
          expect(keys).to.include.members(['name', 'account', ...CONFIG_KEYS[set.type]]);
          expect(definition.defaults.account.type).to.equal('device-cloud-account');
          expect(definition.align).to.equal(ENDS_A_FLOW.includes(set.type) ? 'right' : undefined);
        }
      });

      it('keeps no setting in a field that the editor uses for its own node fields', function () {
        const definition = definitionOf(read(set.html))[set.type];
        const clashes = Object.keys(definition.defaults).filter((key) => EDITOR_NODE_FIELDS.has(key));
        expect(clashes, 'defaults named like a field of the editor').to.deep.equal([]);
      });

      it('accepts an empty value (from the message) in every validated dialog field but the account', function () {
        const definition = definitionOf(read(set.html))[set.type];
        if (!CONFIG_KEYS[set.type]) return;
        const node = editorNode(definition, set.namespace, []);
        for (const [key, spec] of Object.entries(definition.defaults)) {
          if (key === 'account' || typeof spec.validate !== 'function') continue;
          expect(spec.validate.call(node, '', {}), `${key}: ''`).to.equal(true);
          expect(spec.validate.call(node, spec.value, {}), `${key}: its default`).to.equal(true);
        }
      });
    });
  }

  describe('the shared validators', function () {
    const definition = definitionOf(read(nodeSets.find((set) => set.type === 'device-cloud-display-text').html))[
      'device-cloud-display-text'
    ];
    const check = (key, value, node) => definition.defaults[key].validate.call(node, value, { label: key });

    it('take a MAC address typed in or picked, in any accepted form, and refuse another text', function () {
      for (const type of ['device', 'str']) {
        expect(check('deviceId', 'aa-bb-cc-dd-ee-01', { deviceIdType: type })).to.equal(true);
        expect(check('deviceId', 'AABBCCDDEE01', { deviceIdType: type })).to.equal(true);
        expect(check('deviceId', 'kitchen', { deviceIdType: type }))
          .to.be.a('string')
          .and.match(/MAC/);
      }
      // A property name is not a MAC address, and need not be.
      expect(check('deviceId', 'payload.device', { deviceIdType: 'msg' })).to.equal(true);
      expect(check('deviceId', 'DISPLAY', { deviceIdType: 'env' })).to.equal(true);
    });

    it('keep a typed-in font size within 12 to 48 and a title within 200 characters', function () {
      expect(check('fontSize', '12', { fontSizeType: 'num' })).to.equal(true);
      expect(check('fontSize', '49', { fontSizeType: 'num' })).to.be.a('string');
      expect(check('fontSize', 'size', { fontSizeType: 'msg' })).to.equal(true);
      expect(check('title', 'x'.repeat(200), { titleType: 'str' })).to.equal(true);
      expect(check('title', 'x'.repeat(201), { titleType: 'str' })).to.be.a('string');
    });

    it('take "all" (lower case, as the runtime does) for the nodes that act on every device, and only for them', function () {
      const FAN_OUT = [
        'device-cloud-display-text',
        'device-cloud-display-image',
        'device-cloud-page-delete',
        'device-cloud-sync-interval',
      ];
      for (const set of nodeSets) {
        const definition = definitionOf(read(set.html))[set.type];
        const deviceId = definition && definition.defaults && definition.defaults.deviceId;
        if (!deviceId || typeof deviceId.validate !== 'function') continue;
        for (const type of ['device', 'str']) {
          const verdict = (value) => deviceId.validate.call({ deviceIdType: type }, value, { label: 'deviceId' });
          if (FAN_OUT.includes(set.type)) {
            expect(verdict('all'), `${set.type}: "all"`).to.equal(true);
          } else {
            expect(verdict('all'), `${set.type}: "all"`).to.be.a('string').and.match(/MAC/);
          }
          for (const other of ['All', 'ALL', ' all'])
            expect(verdict(other), `${set.type}: "${other}"`).to.be.a('string').and.match(/MAC/);
          expect(verdict('aa-bb-cc-dd-ee-01'), `${set.type}: a MAC address`).to.equal(true);
        }
      }
    });

    it('refuse a page that is not one of the choices', function () {
      expect(check('pageId', '5', {})).to.equal(true);
      expect(check('pageId', '6', {})).to.be.a('string');
      expect(check('mode', 'structured', {})).to.equal(true);
      expect(check('mode', 'fancy', {})).to.be.a('string');
    });
  });
});
