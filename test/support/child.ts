/**
 * A test script of test/fixtures/ in a Node.js process of its own, TypeScript
 * loaded as in the suite, with an IPC channel to this process and its stderr
 * kept for the failure message.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const TYPESCRIPT_HOOK = path.join(__dirname, 'typescript.js');
export const FIXTURES = path.resolve(__dirname, '../fixtures');

export interface Child {
  process: ChildProcess;
  /** What the child wrote to stderr so far. */
  stderr(): string;
  /** Resolves when the child has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts test/fixtures/<script> with `args`. */
export function forkFixture(script: string, args: string[] = []): Child {
  const child = fork(path.join(FIXTURES, script), args, {
    execArgv: [...process.execArgv, '--require', TYPESCRIPT_HOOK],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { process: child, stderr: () => stderr, exited };
}
