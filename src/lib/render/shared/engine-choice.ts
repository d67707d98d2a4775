/**
 * Which build of the drawing engine (Takumi) a drawing process draws with: its native build where one loads,
 * else its WebAssembly build. The drawing process chooses (../drawing-process/engine/drawing-engine) and tells
 * its page renderer, whose log says it once.
 *
 * `DEVICE_CLOUD_RENDER_ENGINE=webassembly` in the environment chooses the WebAssembly build on any host: a
 * switch to test and diagnose the fallback.
 */

export type EngineKind = 'native' | 'webassembly';
export const ENGINE_SWITCH = 'DEVICE_CLOUD_RENDER_ENGINE';

/** The build a process draws with, and why the native one is not it. */
export interface EngineChoice {
  kind: EngineKind;
  /** Why the native build did not load (the WebAssembly build only). */
  nativeProblem?: string;
}

let noted = false;

/** What the log says about the engine a page renderer draws with, once per process: the first call; undefined after. */
export function engineNoteOnce(kind: EngineKind, nativeProblem?: string): string | undefined {
  if (noted) return undefined;
  noted = true;
  if (kind === 'native') return `page renderer: Takumi, native build (${process.platform}-${process.arch})`;
  return `page renderer: Takumi, WebAssembly build (slower than the native one): ${nativeProblem}`;
}
