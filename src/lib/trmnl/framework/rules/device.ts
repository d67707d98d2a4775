/**
 * What changes on screens with grays (the framework's device-override layer, for 2-bit and 4-bit screens): the
 * title bar's weight, secondary instance text and image height, the bottom corners of a half view's bar, an
 * item's secondary labels, the gray label's solid gray. Each rule is for the screens it names and absent on
 * the others.
 */
import { tokenPaint } from '../colors';
import type { Registry } from '../define';
import type { Declarations, RuleContext } from '../rule';
import { borderLine } from './lines';
import { semanticPaint, textOf } from './values';

/** Declarations on screens of 2 bits or more; none on 1-bit screens. */
const graysOnly =
  (make: (context: RuleContext) => Declarations) =>
  (context: RuleContext): Declarations | undefined =>
    context.screen.bitDepth >= 2 ? make(context) : undefined;

export function registerDeviceOverrides(registry: Registry): void {
  registry.rule(
    'device',
    '.title_bar',
    graysOnly(() => ({ 'border-radius': '10px' })),
  );
  for (const part of ['title', 'instance'])
    registry.rule(
      'device',
      `.title_bar .${part}`,
      graysOnly(({ screen }) => ({ 'font-weight': screen.fonts === 'classic' ? '400' : '700' })),
    );
  registry.rule(
    'device',
    '.title_bar .instance',
    graysOnly(({ screen }) => textOf(semanticPaint(screen, 'text-secondary'))),
  );
  registry.rule(
    'device',
    '.title_bar .image',
    graysOnly(() => ({ 'max-height': '28px', height: '28px' })),
  );
  for (const view of ['half_horizontal', 'half_vertical', 'quadrant']) {
    registry.rule(
      'device',
      `.view--${view} .title_bar`,
      graysOnly(() => ({ 'border-radius': '0 0 10px 10px' })),
    );
    registry.rule(
      'device',
      `.view--${view} .title_bar .image`,
      graysOnly(() => ({ 'max-height': '24px', height: '24px' })),
    );
  }
  registry.rule(
    'device',
    ".item .content .label:where(:not([class*='label--filled']):not([class*='label--inverted']):not([class*='label--primary']):not([class*='label--success']):not([class*='label--error']):not([class*='label--warning']))",
    graysOnly(({ screen }) => textOf(semanticPaint(screen, 'text-secondary'))),
  );
  registry.rule(
    'device',
    '.item .content .description',
    graysOnly(({ screen }) => textOf(semanticPaint(screen, 'text-primary'))),
  );
  registry.rule(
    'device',
    '.item .content .label.label--underline',
    graysOnly(({ screen }) => borderLine(screen, 6, 'bottom')),
  );
  for (const gray of ['gray', 'gray-out'])
    registry.rule(
      'device',
      `.label--${gray}`,
      graysOnly(({ screen }) => ({
        'background-image': 'none',
        'background-clip': 'border-box',
        ...textOf(tokenPaint('gray-40', screen)),
      })),
    );
  registry.rule(
    'device',
    '.column',
    graysOnly(() => ({ gap: '10px' })),
  );
}
