/**
 * The framework's elements: title, value, label, description and divider (its `elements/`), each with its size
 * modifiers under every gate (`lg:value--large`), drawn in the bundle's fonts.
 */
import { tokenPaint } from '../colors';
import type { Registry } from '../define';
import type { Declarations, RuleContext } from '../rule';
import { borderLine } from './lines';
import { backgroundOf, semanticPaint, semanticSolid, textOf, typeDeclarations } from './values';

const VALUE_SIZES = [
  'xxsmall',
  'xsmall',
  'small',
  'large',
  'xlarge',
  'xxlarge',
  'xxxlarge',
  'mega',
  'giga',
  'tera',
  'peta',
];

export function registerElements(registry: Registry): void {
  const primary = ({ screen }: RuleContext): Declarations => textOf(semanticPaint(screen, 'text-primary'));

  // Title
  registry.rule('elements', '.title', (context) => ({ ...typeDeclarations(context, 'title'), ...primary(context) }));
  for (const size of ['base', 'small', 'large', 'xlarge', 'xxlarge'])
    registry.rule(
      'elements',
      `.title--${size}`,
      (context) => typeDeclarations(context, size === 'base' ? 'title' : `title-${size}`),
      {
        gates: 'all',
      },
    );

  // Value: the bare class takes every gate too.
  registry.rule('elements', '.value', primary);
  registry.rule('elements', '.value', (context) => typeDeclarations(context, 'value'), { gates: 'all' });
  registry.rule('elements', '.value--base', (context) => typeDeclarations(context, 'value'), { gates: 'all' });
  for (const size of VALUE_SIZES)
    registry.rule('elements', `.value--${size}`, (context) => typeDeclarations(context, `value-${size}`), {
      gates: 'all',
    });
  registry.rule('elements', '.value--tnums', { 'font-variant-numeric': 'tabular-nums' }, { gates: 'all' });

  // Label
  registry.rule('elements', '.label', (context) => ({
    display: 'inline-flex',
    'align-items': 'center',
    'max-width': '100%',
    ...typeDeclarations(context, 'label'),
    ...primary(context),
    'padding-left': '0',
    'padding-right': '0',
    position: 'relative',
    'border-radius': '0',
  }));
  for (const size of ['base', 'small', 'large', 'xlarge', 'xxlarge'])
    registry.rule(
      'elements',
      `.label--${size}`,
      (context) => ({
        ...(size === 'small' ? { 'padding-top': '1px', 'padding-bottom': '1px' } : {}),
        ...typeDeclarations(context, size === 'base' ? 'label' : `label-${size}`),
      }),
      { gates: 'all' },
    );
  registry.rule(
    'elements',
    '.label--outline',
    ({ screen }) => ({
      border: `1px solid ${semanticSolid(screen, 'border-strong')}`,
      'border-radius': '4px',
      'padding-left': '2px',
      'padding-right': '2px',
      'padding-top': '0',
    }),
    { gates: 'all' },
  );
  // The framework draws the underline as a level-4 line in a pseudo-element; here it is the label's own
  // background, on its bottom row.
  registry.rule(
    'elements',
    '.label--underline',
    ({ screen }) => borderLine(screen, screen.bitDepth === 2 ? 5 : 4, 'bottom'),
    {
      gates: 'all',
    },
  );
  for (const gray of ['gray', 'gray-out'])
    registry.rule('elements', `.label--${gray}`, ({ screen }) => textOf(tokenPaint('gray-40', screen)), {
      gates: 'all',
    });
  const pill =
    (token: string, text: 'text-inverse' | 'text-primary') =>
    ({ screen }: RuleContext): Declarations => ({
      ...backgroundOf(tokenPaint(token, screen)),
      color: semanticSolid(screen, text),
      'border-radius': '4px',
      padding: '1px 5px',
    });
  for (const filled of ['filled', 'inverted'])
    registry.rule('elements', `.label--${filled}`, pill('black', 'text-inverse'), { gates: 'all' });
  registry.rule('elements', '.label--primary', pill('blue', 'text-inverse'), { gates: 'all' });
  registry.rule('elements', '.label--error', pill('red', 'text-inverse'), { gates: 'all' });
  registry.rule('elements', '.label--success', pill('green', 'text-primary'), { gates: 'all' });
  registry.rule('elements', '.label--warning', pill('yellow', 'text-primary'), { gates: 'all' });

  // Description
  registry.rule('elements', '.description', (context) => ({
    ...typeDeclarations(context, 'description'),
    ...primary(context),
  }));
  for (const size of ['base', 'large', 'xlarge', 'xxlarge'])
    registry.rule(
      'elements',
      `.description--${size}`,
      (context) => typeDeclarations(context, size === 'base' ? 'description' : `description-${size}`),
      { gates: 'all' },
    );

  // Divider: a level-6 line.
  const horizontal = ({ screen }: RuleContext): Declarations => ({
    width: '100%',
    height: '1px',
    'min-height': '1px',
    ...borderLine(screen, 6, 'bottom'),
  });
  registry.rule('elements', '.divider', horizontal);
  registry.rule('elements', '.divider--h', horizontal);
  registry.rule('elements', '.divider--v', ({ screen }) => ({
    width: '1px',
    'min-width': '1px',
    height: '100%',
    ...borderLine(screen, 6, 'left'),
  }));
}
