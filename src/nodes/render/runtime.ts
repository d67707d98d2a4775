/**
 * device-cloud-render: a page drawn from an HTML template and the message, as a PNG of the palette's colours.
 * It calls no service (no account). The page renderer (shared by every render node and the editor's preview)
 * is started and warmed up at deploy, and given back when the node closes.
 */
import type { DeviceCloudError } from '../../lib/errors';
import type { OwnFonts, RendererLease } from '../../lib/render';
import { defineLocalNode } from '../../runtime/lifecycle';
import type { NodeRuntime } from '../../runtime/node-folder';
import { CATALOG_NAMESPACE } from '../../runtime/status';
import { registerAdminEndpoints } from './admin-endpoints';
import { ownFonts } from './font-setting';
import { rendererAtDeploy } from './renderer-at-deploy';

const TYPE = 'device-cloud-render';
const text = (key: string) => `${CATALOG_NAMESPACE}:${TYPE}.status.${key}`;

/**
 * What a deployed render node keeps: its lease on the renderer, how it warns (once for each text), and its own
 * fonts, read at deploy (or why they could not be: then every message fails with that error).
 */
interface Running {
  lease: RendererLease;
  warn: (text: string) => void;
  fonts: OwnFonts | DeviceCloudError;
}

const renderNode = defineLocalNode<Running>({
  type: TYPE,
  busyText: text('drawing'),
  start({ RED, node, config, showStatus, texts }) {
    const { lease, warnOnce: warn } = rendererAtDeploy(node);
    const fonts = ownFonts(config.fonts, RED.settings?.userDir);
    if (fonts instanceof Error) {
      node.error(fonts.message);
      showStatus({ fill: 'red', shape: 'ring', text: texts._(text('fonts')) });
    }
    return { lease, warn, fonts };
  },
  async handle({ msg, inputs, signal, texts }, { lease, warn, fonts }) {
    if (fonts instanceof Error) throw fonts;
    const page = await lease.renderer.render(
      {
        template: await inputs.get('template'),
        message: msg,
        width: await inputs.get('width'),
        height: await inputs.get('height'),
        // The dialog's alone: msg.dither belongs to display-image, and this node sets it.
        colors: await inputs.dialog('colors'),
        dither: await inputs.dialog('dither'),
        // A flow saved before there was a choice has `flex`, the rules it was drawn with (the node's migration 1).
        layoutRules: await inputs.dialog('layoutRules'),
        // The node's own: a message cannot buy itself more time.
        timeBudget: await inputs.dialog('timeBudget'),
        fonts,
        warn,
      },
      signal,
    );
    msg.payload = page;
    msg.dither = false;
    const size = `${pageSide(page, 16)} x ${pageSide(page, 20)}`;
    return { send: msg, status: { fill: 'green', shape: 'dot', text: texts._(text('drawn'), { size }) } };
  },
  closed: (_account, running) => running?.lease.release(),
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
