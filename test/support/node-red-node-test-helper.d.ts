// node-red-node-test-helper ships no types: the part the tests use is typed in ./node-red.ts.
declare module 'node-red-node-test-helper' {
  const helper: import('./node-red').NodeTestHelper;
  export = helper;
}
