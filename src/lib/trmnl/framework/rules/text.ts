/**
 * Display, stroke, text and image utilities: visibility (`hidden`, `lg:block`), text and image strokes,
 * alignment, the text size scale (`text--small` … `text--peta`) and weights, images, rounded corners, the
 * dotted outline, aspect ratios, and `clamp--N` (lines a block keeps, the framework's clamp engine).
 */
import { tokenHex } from '../colors';
import { makeRule, type Registry } from '../define';
import type { Declarations, RuleContext } from '../rule';
import { px, semanticSolid, textStroke, typeDeclarations } from './values';

/** Display values by class, `hidden` last: at equal weight it must win over the display class of its own gate. */
const DISPLAYS = [
  'visible',
  'block',
  'inline',
  'inline-block',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'table',
  'table-row',
  'table-cell',
  'hidden',
];
const displayOf = (name: string): string => (name === 'visible' ? 'block' : name === 'hidden' ? 'none' : name);

export function registerVisibility(registry: Registry): void {
  registry.pattern(new RegExp(`^(${DISPLAYS.join('|')})$`), (name, _match, order) => [
    makeRule(
      'utilities',
      order + DISPLAYS.indexOf(name),
      '&',
      { display: displayOf(name) },
      { gates: 'dark-all', gateOuter: true },
      name,
    ),
  ]);
}

/** Stroke widths by modifier: a text stroke's width and ring radius, an image stroke's offset. */
const TEXT_STROKES: Record<string, number> = { base: 1.75, small: 1, medium: 2.25, large: 3, xlarge: 3.75 };
const IMAGE_STROKES: Record<string, number> = { base: 1.5, small: 1, medium: 2, large: 2.5, xlarge: 3 };
const STROKE_COLOR = (kind: string, context: RuleContext): string =>
  `var(--tn-${kind}-stroke-color, ${semanticSolid(context.screen, 'stroke-contrast')})`;

function imageRing(offset: number, color: string): string {
  const [a, b] = [px(offset), px(-offset)];
  return [`${a} ${a}`, `${b} ${b}`, `${b} ${a}`, `${a} ${b}`].map((at) => `drop-shadow(${at} 0 ${color})`).join(' ');
}

export function registerStrokes(registry: Registry): void {
  for (const [kind, sizes, draw] of [
    [
      'text',
      TEXT_STROKES,
      (radius: number, color: string): Declarations => ({
        'text-shadow': textStroke(radius, color),
        overflow: 'visible',
      }),
    ],
    ['image', IMAGE_STROKES, (offset: number, color: string): Declarations => ({ filter: imageRing(offset, color) })],
  ] as const) {
    registry.rule('utilities', `.${kind}-stroke`, (context) => draw(sizes.base, STROKE_COLOR(kind, context)), {
      gates: 'bits',
    });
    for (const [size, value] of Object.entries(sizes))
      registry.rule('utilities', `.${kind}-stroke--${size}`, (context) => draw(value, STROKE_COLOR(kind, context)), {
        gates: 'bits',
      });
    registry.tokenPattern(`${kind}-stroke--`, (token) => ({ [`--tn-${kind}-stroke-color`]: tokenHex(token) }), 'bits');
  }
}

export function registerTextAlignment(registry: Registry): void {
  for (const align of ['center', 'left', 'right', 'justify'])
    registry.rule('utilities', `.text--${align}`, { 'text-align': align }, { gates: 'dark-all' });
}

export function registerImages(registry: Registry): void {
  registry.rule('utilities', 'img.image.image--small', { 'max-width': '80px' });
  registry.rule('utilities', 'img.image.image--xsmall', { 'max-width': '40px' });
  for (const fit of ['fill', 'contain', 'cover'])
    registry.rule('utilities', `img.image.image--${fit}`, { 'object-fit': fit });
  // Dithered by the platform as it draws the screen; no rule reads it.
  for (const marker of ['image', 'image-dither', 'image--adaptive']) registry.rule('utilities', `.${marker}`, {});
}

const ROUNDED: Record<string, string> = {
  '': '10px',
  '--base': '10px',
  '--none': '0px',
  '--xsmall': '5px',
  '--small': '7px',
  '--medium': '15px',
  '--large': '20px',
  '--xlarge': '25px',
  '--xxlarge': '30px',
  '--full': '9999px',
};
const CORNERS: Record<string, string[]> = {
  t: ['top-left', 'top-right'],
  r: ['top-right', 'bottom-right'],
  b: ['bottom-left', 'bottom-right'],
  l: ['top-left', 'bottom-left'],
  tl: ['top-left'],
  tr: ['top-right'],
  br: ['bottom-right'],
  bl: ['bottom-left'],
};

export function registerRounded(registry: Registry): void {
  for (const [modifier, radius] of Object.entries(ROUNDED))
    registry.rule(
      'utilities',
      `.rounded${modifier}`,
      { 'border-radius': radius, overflow: 'hidden' },
      { gates: 'layout' },
    );
  for (const [corner, sides] of Object.entries(CORNERS))
    for (const [modifier, radius] of Object.entries(ROUNDED)) {
      const declarations: Declarations = { overflow: 'hidden' };
      for (const side of sides) declarations[`border-${side}-radius`] = radius;
      registry.rule('utilities', `.rounded-${corner}${modifier}`, declarations, { gates: 'layout' });
    }
  registry.pattern(/^rounded--\[(\d+)px\]$/, (name, match, order) =>
    Number(match[1]) <= 50
      ? [makeRule('utilities', order, '&', { 'border-radius': `${match[1]}px`, overflow: 'hidden' }, {}, name)]
      : [],
  );
}

export function registerOutline(registry: Registry): void {
  // The framework's dotted, rounded frame (a pseudo-element of dot gradients): a solid 1 px frame here.
  registry.rule('utilities', '.outline', ({ screen }) => ({
    position: 'relative',
    border: `1px ${screen.bitDepth === 1 ? 'dotted' : 'solid'} ${semanticSolid(screen, 'border-strong')}`,
    'border-radius': '7px',
  }));
}

const RATIOS = ['auto', '1/1', '4/3', '3/2', '16/9', '21/9', '3/4', '2/3', '9/16', '9/21'];

export function registerAspectRatios(registry: Registry): void {
  registry.pattern(/^aspect--(.+)$/, (name, match, order) =>
    RATIOS.includes(match[1])
      ? [
          makeRule(
            'utilities',
            order + RATIOS.indexOf(match[1]),
            '&',
            { 'aspect-ratio': match[1] === 'auto' ? 'auto' : match[1].replace('/', ' / ') },
            { gates: 'layout', gateOuter: true },
            name,
          ),
        ]
      : [],
  );
}

const TEXT_SIZES = ['small', 'base', 'large', 'xlarge', 'xxlarge', 'xxxlarge', 'mega', 'giga', 'tera', 'peta'];

export function registerFontUtilities(registry: Registry): void {
  for (const prefix of ['text', 'font']) {
    for (const size of TEXT_SIZES)
      registry.rule('utilities', `.${prefix}--${size}`, (context) => typeDeclarations(context, `font-${size}`), {
        gates: 'dark-all',
      });
    for (const [weight, value] of [
      ['regular', '400'],
      ['bold', '700'],
    ])
      registry.rule('utilities', `.${prefix}--${weight}`, { 'font-weight': value }, { gates: 'all' });
  }
}

export function registerClamp(registry: Registry): void {
  registry.pattern(/^clamp--(none|\d+)$/, (name, match, order) => {
    const lines = match[1] === 'none' ? 0 : Number(match[1]);
    if (lines > 50) return [];
    return [
      makeRule(
        'utilities',
        order,
        '&',
        lines === 0 ? { 'line-clamp': 'none' } : { 'line-clamp': String(lines), overflow: 'hidden' },
        {},
        name,
      ),
    ];
  });
}
