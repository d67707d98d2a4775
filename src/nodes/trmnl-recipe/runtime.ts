/**
 * device-cloud-trmnl-recipe: a TRMNL recipe filled with the message's data and drawn as a page, as a PNG of the
 * palette's colours, in the drawing processes of the render node (the same page renderer, the same budget). The
 * recipe is read and compiled at deploy; each message is filled with Liquid as TRMNL fills it (../../lib/trmnl)
 * in Node-RED's process and drawn with the framework's CSS in a drawing process. It calls no service.
 */
import { asDeviceCloudError, DeviceCloudError } from '../../lib/errors';
import type { OwnFonts, RendererLease } from '../../lib/render';
import type { CompiledRecipe } from '../../lib/trmnl';
import { defineLocalNode } from '../../runtime/lifecycle';
import type { NodeRuntime } from '../../runtime/node-folder';
import { CATALOG_NAMESPACE } from '../../runtime/status';
import { ownFonts } from '../render/font-setting';
import { rendererAtDeploy } from '../render/renderer-at-deploy';
import { registerPreviewEndpoints } from './preview-endpoints';
import { drawRecipePage } from './recipe-page';
import { fieldSecrets, fieldValuesOf, masked, recipeAtDeploy, recipeGiven, secretTexts } from './recipe-setting';
import { fieldsSetting } from './settings';

const TYPE = 'device-cloud-trmnl-recipe';
const text = (key: string) => `${CATALOG_NAMESPACE}:${TYPE}.status.${key}`;

interface Running {
  lease: RendererLease;
  recipe: Promise<CompiledRecipe>;
  fonts: OwnFonts | DeviceCloudError;
  /** The password fields' values (or why the credential cannot be read). */
  secrets: Record<string, unknown> | DeviceCloudError;
  /** Those values, to be masked in every text the node shows. */
  hidden: string[];
  tell: (warning: string) => void;
}

function readSecrets(
  credentials: Record<string, string | undefined> | undefined,
): Record<string, unknown> | DeviceCloudError {
  try {
    return fieldSecrets(credentials);
  } catch (error) {
    return asDeviceCloudError(error);
  }
}

/** The error with every secret masked in its text. */
function maskedError(error: unknown, hidden: readonly string[]): DeviceCloudError {
  const failure = asDeviceCloudError(error);
  const message = masked(failure.message, hidden);
  if (message === failure.message) return failure;
  return new DeviceCloudError(failure.kind, message, failure.field ? { field: failure.field } : {});
}

const recipeNode = defineLocalNode<Running>({
  type: TYPE,
  busyText: text('drawing'),
  credentials: { fieldSecrets: { type: 'password' } },
  start({ RED, node, config, showStatus, texts }) {
    const { lease, warnOnce: tell } = rendererAtDeploy(node);
    const secrets = readSecrets(node.credentials);
    const hidden = secrets instanceof Error ? [] : secretTexts(secrets);
    const fonts = ownFonts(config.fonts, RED.settings?.userDir);
    const recipe = recipeAtDeploy(config, RED.settings?.userDir);
    recipe.catch((error: unknown) => {
      // A node not yet given a recipe (just taken from the palette) says so in its status; its messages fail.
      if (!recipeGiven(config)) {
        showStatus({ fill: 'grey', shape: 'ring', text: texts._(text('noRecipe')) });
        return;
      }
      node.error(maskedError(error, hidden).message);
      showStatus({ fill: 'red', shape: 'ring', text: texts._(text('recipe')) });
    });
    if (fonts instanceof Error) {
      node.error(fonts.message);
      showStatus({ fill: 'red', shape: 'ring', text: texts._(text('fonts')) });
    }
    return { lease, recipe, fonts, secrets, hidden, tell };
  },
  async handle({ msg, inputs, signal, texts }, running) {
    const { lease, fonts, secrets, hidden, tell } = running;
    try {
      if (fonts instanceof Error) throw fonts;
      if (secrets instanceof Error) throw secrets;
      const compiled = await running.recipe;
      const fields = fieldValuesOf(compiled, fieldsSetting(await inputs.dialog('fields'), 'fields'), secrets);
      const { png, warnings } = await drawRecipePage(
        lease.renderer,
        {
          compiled,
          data: msg.payload,
          trmnl: msg.trmnl,
          fields,
          hidden,
          width: await inputs.get('width'),
          height: await inputs.get('height'),
          view: await inputs.dialog('view'),
          pictures: await inputs.dialog('pictures'),
          colors: await inputs.dialog('colors'),
          dither: await inputs.dialog('dither'),
          timeBudget: await inputs.dialog('timeBudget'),
          fonts,
        },
        signal,
      );
      for (const warning of warnings) tell(warning);
      msg.payload = png;
      msg.dither = false;
      msg.warnings = warnings;
      const size = `${png.readUInt32BE(16)} x ${png.readUInt32BE(20)}`;
      return { send: msg, status: { fill: 'green', shape: 'dot', text: texts._(text('drawn'), { size }) } };
    } catch (error) {
      throw maskedError(error, hidden);
    }
  },
  closed: (_account, running) => running?.lease.release(),
});

const runtime: NodeRuntime = {
  type: TYPE,
  register(RED, migrations) {
    recipeNode.register(RED, migrations);
    registerPreviewEndpoints(RED);
  },
};
export default runtime;
