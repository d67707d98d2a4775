/**
 * What a node that draws pages starts at deploy (the render node, the recipe node): its lease on the shared page
 * renderer, warmed up at once (the engine's choice logged once), and a warning that tells each text once.
 */
import { describeThrown } from '../../lib/errors';
import { acquireRenderer, engineNoteOnce, type RendererLease } from '../../lib/render';
import type { Node } from '../../runtime/node-red-api';

/** Different warnings told at most, so a page that warns of everything does not flood the log. */
const MAX_TOLD = 100;

export function rendererAtDeploy(node: Node): { lease: RendererLease; warnOnce: (text: string) => void } {
  const lease = acquireRenderer();
  lease.renderer.warmUp().then(
    (report) => {
      const note = engineNoteOnce(report.engine, report.nativeProblem);
      if (note) node.log(note);
    },
    (error: unknown) => node.warn(`page renderer: ${describeThrown(error)}`),
  );
  const told = new Set<string>();
  const warnOnce = (text: string): void => {
    if (told.has(text) || told.size >= MAX_TOLD) return;
    told.add(text);
    node.warn(text);
  };
  return { lease, warnOnce };
}
