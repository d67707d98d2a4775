/**
 * One page renderer for the whole runtime: every render node and the editor's preview lease it, so a flow
 * with ten render nodes still has one drawing process (two while one page runs long). It starts with the first
 * lease and ends when the last lease is released (a redeploy releases and acquires again; it starts anew then).
 */
import { PageRenderer, type RendererOptions } from './page-renderer';

export interface RendererLease {
  readonly renderer: PageRenderer;
  /** Gives the lease back; the last one closes the renderer. Calling it again does nothing. */
  release(): Promise<void>;
}

let shared: { renderer: PageRenderer; leases: number } | undefined;

export function acquireRenderer(options?: RendererOptions): RendererLease {
  shared ??= { renderer: new PageRenderer(options), leases: 0 };
  const entry = shared;
  entry.leases++;
  let released = false;
  return {
    renderer: entry.renderer,
    async release() {
      if (released) return;
      released = true;
      entry.leases--;
      if (entry.leases > 0) return;
      if (shared === entry) shared = undefined;
      await entry.renderer.close();
    },
  };
}
