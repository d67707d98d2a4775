'use strict';
/**
 * Lets mocha load the TypeScript tests: a `.ts` file is transpiled by the
 * project's own TypeScript as it is required. Only syntax is removed here; the
 * types are checked once for the whole suite by `npm run lint` (tsc -p test).
 * This handler also wins over Node's own type stripping (Node 22), which would
 * load the files as ES modules.
 */
const fs = require('node:fs');
const ts = require('typescript');

const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  esModuleInterop: true,
  inlineSourceMap: true,
  inlineSources: true,
};

process.setSourceMapsEnabled(true);
require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};
