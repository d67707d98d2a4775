/**
 * The title bar at the foot of a view (the framework's `base/_title_bar.scss`): the bar's dithered gray, its
 * image and title with a white ring (text shadows) that keeps them legible on the pattern, the instance name
 * set right and cut with an ellipsis, and the compact bar of half and quadrant views.
 */
import type { Registry } from '../define';
import type { Declarations } from '../rule';
import type { Screen } from '../screen';
import { titleBarPaddingTop } from '../typography';
import { GAP, px, semanticPaint, semanticSolid, slotBackground, textOf, textStroke, typeDeclarations } from './values';

/** The title bar's text stroke width: 3.5 px, 2 px on 4-bit screens. */
const strokeWidth = (screen: Screen): number => (screen.bitDepth >= 4 ? 2 : 3.5);

export function registerTitleBar(registry: Registry): void {
  registry.rule('base', '.title_bar', ({ screen }) => ({
    height: '40px',
    display: 'flex',
    'align-content': 'center',
    'align-items': 'center',
    padding: `0 ${px(GAP)}`,
    gap: px(GAP),
    position: 'relative',
    color: semanticSolid(screen, 'text-primary'),
    'z-index': '10',
    'border-radius': '10px',
    'image-rendering': 'pixelated',
    ...slotBackground(screen, 'gray-70'),
  }));
  const ring = (screen: Screen): string => {
    const size = px(strokeWidth(screen) * 0.5);
    const color = semanticSolid(screen, 'stroke-contrast');
    return [`${size} ${size}`, `-${size} -${size}`, `-${size} ${size}`, `${size} -${size}`]
      .map((offset) => `drop-shadow(${offset} 0 ${color})`)
      .join(' ');
  };
  registry.rule('base', '.title_bar .image', ({ screen }) => ({ 'max-height': '28px', filter: ring(screen) }));
  for (const part of ['title', 'instance'])
    registry.rule('base', `.title_bar .${part}`, (context) => {
      const { screen } = context;
      const declarations: Declarations = {
        ...typeDeclarations(context, 'title-bar'),
        'padding-top': px(titleBarPaddingTop(screen.fonts, screen.bitDepth)),
        'white-space': 'nowrap',
        ...textOf(semanticPaint(screen, 'text-primary')),
        'text-shadow': textStroke(strokeWidth(screen) * 0.5, semanticSolid(screen, 'stroke-contrast')),
      };
      return part === 'title'
        ? { ...declarations, overflow: 'visible', flex: '0 0 auto' }
        : {
            ...declarations,
            overflow: 'hidden',
            'text-overflow': 'ellipsis',
            'min-width': '0',
            flex: '1 1 auto',
            'text-align': 'right',
          };
    });
  for (const view of ['half_horizontal', 'half_vertical', 'quadrant']) {
    registry.rule('base', `.view--${view} .title_bar`, { height: '32px', 'border-radius': '0' });
    registry.rule('base', `.view--${view} .title_bar .image`, { 'max-height': '24px' });
  }
}
