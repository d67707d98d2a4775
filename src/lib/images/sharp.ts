/**
 * sharp, loaded once per process: at deploy by a display-image node (see
 * src/runtime/preload.ts), else by the first picture that needs fitting.
 * Where it cannot load, the load's error says why and what to do, and the
 * pictures that need no fitting are still sent.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Sharp, SharpOptions } from 'sharp';
import { Preload } from '../loading';
import { explainSharpFailure, type SharpProblem } from './sharp-platform';

export type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;

/** sharp's load failed: the platform problem, the way out, and sharp's own first line. */
export class SharpUnavailable extends Error implements SharpProblem {
  readonly problem: string;
  readonly wayOut: string;
  readonly said: string;

  constructor(cause: unknown) {
    const explained = explainSharpFailure(cause instanceof Error ? cause.message : String(cause));
    const wayOut = `${explained.wayOut}, or ${webAssemblyInstall()}`;
    super(
      `pictures cannot be fitted to the screen here: sharp, the image library, cannot load (${explained.problem}). ` +
        "PNG and JPEG pictures of exactly the screen's size, and any sent with fit none, are sent as they are, " +
        'BMP pictures as PNG; GIF, WebP and TIFF cannot be sent. ' +
        `To fit pictures, ${wayOut}. sharp said: ${explained.said}`,
    );
    this.name = 'SharpUnavailable';
    this.problem = explained.problem;
    this.wayOut = wayOut;
    this.said = explained.said;
  }
}

export const SHARP = new Preload<SharpFactory>('sharp', () => {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at deploy or on first use, not at start
    return require('sharp') as SharpFactory;
  } catch (error) {
    throw new SharpUnavailable(error);
  }
});

/**
 * sharp's WebAssembly build runs wherever Node.js does (slower than the native
 * one); sharp falls back to it when its native binary cannot load.
 */
function webAssemblyInstall(): string {
  let version = '';
  try {
    const main = require.resolve('sharp');
    const manifest = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    if (typeof manifest.version === 'string' && /^[\w.-]+$/.test(manifest.version)) version = `@${manifest.version}`;
  } catch {
    // the install command without a version still names the package
  }
  return `install sharp's WebAssembly build in the Node-RED user directory (npm install @img/sharp-wasm32${version}; slower)`;
}
