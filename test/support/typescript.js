'use strict';
/**
 * Lets mocha load the TypeScript tests: a `.ts` file is transpiled by the
 * project's own TypeScript as it is required. Only syntax is removed here; the
 * types are checked once for the whole suite by `npm run lint` (tsc -p test).
 * This handler also wins over Node's own type stripping (Node 22), which would
 * load the files as ES modules.
 *
 * The output is kept in node_modules/.cache, by the hash of the source, the
 * TypeScript version and the options: a run whose tests did not change loads
 * neither TypeScript nor transpiles anything (the child processes of the
 * suite included), so the tests cost no more time than as JavaScript.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const CACHE = path.resolve(__dirname, '../../node_modules/.cache/device-cloud-test-typescript');
const OPTIONS = {
  module: 'commonjs',
  target: 'es2022',
  esModuleInterop: true,
  inlineSourceMap: true,
  inlineSources: true,
};

let typescript;
/** TypeScript, loaded on the first file not in the cache. */
function ts() {
  typescript ??= require('typescript');
  return typescript;
}

/** The version of the TypeScript installed, read without loading it. */
const TS_VERSION = require('typescript/package.json').version;

function transpile(source, filename) {
  const { ModuleKind, ScriptTarget } = ts();
  const compilerOptions = {
    ...OPTIONS,
    module: ModuleKind.CommonJS,
    target: ScriptTarget.ES2022,
  };
  return ts().transpileModule(source, { compilerOptions, fileName: filename }).outputText;
}

const hash = (text) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The transpiled file, from the cache; on a miss the older versions of the same file are removed. */
function cached(source, filename) {
  const prefix = `${hash(filename)}-`;
  const file = path.join(CACHE, `${prefix}${hash(`${TS_VERSION}\0${JSON.stringify(OPTIONS)}\0${source}`)}.js`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    const output = transpile(source, filename);
    try {
      fs.mkdirSync(CACHE, { recursive: true });
      for (const old of fs.readdirSync(CACHE)) {
        if (old.startsWith(prefix)) fs.rmSync(path.join(CACHE, old), { force: true });
      }
      // Written aside and renamed: a run beside this one never reads half a file.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, output);
      fs.renameSync(partial, file);
    } catch {
      // A cache that cannot be written costs time, not correctness.
    }
    return output;
  }
}

process.setSourceMapsEnabled(true);
require.extensions['.ts'] = (module, filename) => {
  module._compile(cached(fs.readFileSync(filename, 'utf8'), filename), filename);
};
