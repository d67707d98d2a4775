'use strict';
// ESLint: typescript-eslint's type-checked rules for the TypeScript, the recommended rules for the scripts.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');
const globals = require('globals');

module.exports = tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      '.node-red-user/',
      'nodes/icons/',
      'nodes/locales/',
      'plugins/locales/',
      'resources/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    // The simulator page's script, which the browser runs as the page loads it.
    files: ['src/simulator/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['test/**/*.js', 'bench/**/*.js'],
    languageOptions: { globals: { ...globals.mocha } },
  },
  {
    // Functions these run inside the editor's page (Playwright's page.evaluate).
    files: ['test/editor/**', 'scripts/screenshots.js'],
    languageOptions: { globals: { ...globals.browser, RED: 'readonly', $: 'readonly' } },
  },
  {
    files: ['**/*.ts', '**/*.mts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: {
      // `const node = this` in a node's constructor is how Node-RED's own nodes reach the node from callbacks.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['node'] }],
    },
  },
  {
    // The editor's code runs in the browser: typed against the editor's own project.
    files: ['src/editor/**/*.ts', 'src/nodes/*/editor*.ts', 'src/plugins/*/editor*.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: false, project: './src/editor/tsconfig.json', tsconfigRootDir: __dirname },
    },
  },
  prettier,
);
