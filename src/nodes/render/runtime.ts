/**
 * device-cloud-render: a page drawn from an HTML template and the message, as a PNG of the palette's colours.
 * It calls no service (no account). The page renderer (a worker thread shared by every render node and the
 * editor's preview) is started and warmed up at deploy, and given back when the node closes.
 */
import { describeThrown } from '../../lib/errors';
import { acquireRenderer, type RendererLease } from '../../lib/render';
import { defineLocalNode } from '../../runtime/lifecycle';
import type { NodeRuntime } from '../../runtime/node-folder';
import { registerAdminEndpoints } from './admin-endpoints';
import { CATALOG_NAMESPACE } from '../../runtime/status';

const TYPE = 'device-cloud-render';
const text = (key: string) => `${CATALOG_NAMESPACE}:${TYPE}.status.${key}`;

const renderNode = defineLocalNode<RendererLease>({
  type: TYPE,
  busyText: text('drawing'),
  start({ node }) {
    const lease = acquireRenderer();
    lease.renderer.warmUp().catch((error: unknown) => node.warn(`page renderer: ${describeThrown(error)}`));
    return lease;
  },
  async handle({ msg, inputs, signal, texts }, lease) {
    const page = await lease.renderer.render(
      {
        template: await inputs.get('template'),
        message: msg,
        width: await inputs.get('width'),
        height: await inputs.get('height'),
        // The dialog's alone: msg.dither belongs to display-image, and this node sets it.
        colors: await inputs.dialog('colors'),
        dither: await inputs.dialog('dither'),
      },
      signal,
    );
    msg.payload = page;
    msg.dither = false;
    const size = `${pageSide(page, 16)} x ${pageSide(page, 20)}`;
    return { send: msg, status: { fill: 'green', shape: 'dot', text: texts._(text('drawn'), { size }) } };
  },
  closed: (_account, lease) => lease?.release(),
});

const runtime: NodeRuntime = {
  type: TYPE,
  register(RED, migrations) {
    renderNode.register(RED, migrations);
    registerAdminEndpoints(RED);
  },
};
export default runtime;

/** The width (offset 16) or height (20) from the PNG's header. */
function pageSide(png: Buffer, offset: number): number {
  return png.readUInt32BE(offset);
}
