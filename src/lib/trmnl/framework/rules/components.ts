/**
 * The framework's components: rich text, list items with their meta bar and index, tables and progress bars
 * (its `components/`), and what each looks like on 2-bit and 4-bit screens (its device overrides).
 */
import type { Registry } from '../define';
import type { Declarations, RuleContext } from '../rule';
import { borderLine } from './lines';
import {
  backgroundOf,
  px,
  semanticPaint,
  semanticSolid,
  slotBackground,
  textOf,
  textStroke,
  typeDeclarations,
} from './values';

const RICHTEXT_SIZES = ['base', 'small', 'large', 'xlarge', 'xxlarge', 'xxxlarge'];
/** The widest a rich text block is, by the screen's size class. */
const RICHTEXT_WIDTH = { sm: 380, md: 640, lg: 780 };

const roleOf = (size: string): string => (size === 'base' ? 'richtext' : `richtext-${size}`);

function registerRichText(registry: Registry): void {
  registry.rule('components', '.richtext', { display: 'flex', 'flex-direction': 'column', 'align-items': 'center' });
  registry.rule('components', '.richtext--left', { 'align-items': 'start' });
  registry.rule('components', '.richtext--center', { 'align-items': 'center' });
  registry.rule('components', '.richtext--right', { 'align-items': 'end' });
  registry.rule('components', '.richtext .content', ({ screen }) => ({
    'max-height': '100%',
    'max-width': px(RICHTEXT_WIDTH[screen.size]),
    'word-break': 'break-word',
    ...textOf(semanticPaint(screen, 'text-primary')),
    display: 'flex',
    'flex-direction': 'column',
  }));
  // The bare `.content` alias reaches every content block but an item's.
  registry.rule('components', '.content:where(:not(.item *))', (context) => typeDeclarations(context, 'richtext'));
  registry.rule('components', '.richtext .content', (context) => typeDeclarations(context, 'richtext'));
  registry.rule('components', '.richtext .content--left', { 'align-items': 'start' });
  registry.rule('components', '.richtext .content--center', { 'align-items': 'center', 'text-align': 'center' });
  registry.rule('components', '.richtext .content--right', { 'align-items': 'end' });
  for (const size of RICHTEXT_SIZES) {
    const declarations = (context: RuleContext): Declarations => typeDeclarations(context, roleOf(size));
    // The plain alias weighs one class; the gated forms weigh what the framework gives them.
    registry.rule('components', `.content--${size}`, declarations, { gates: 'all' });
    registry.rule('components', `.richtext .content--${size}`, declarations);
  }
}

function registerItem(registry: Registry): void {
  registry.rule('components', '.list', {
    display: 'flex',
    'flex-direction': 'column',
    width: '100%',
    'max-height': '100%',
    gap: '8px',
  });
  registry.rule('components', '.item', {
    display: 'flex',
    'flex-direction': 'row',
    gap: '2px',
    'line-height': '0',
    'align-items': 'stretch',
    width: '100%',
  });
  registry.rule('components', '.item--shrink', { flex: '1 1 auto' });
  for (const part of ['content', 'icon'])
    registry.rule('components', `.item .${part}`, {
      display: 'flex',
      'flex-direction': 'column',
      'align-items': 'flex-start',
      'line-height': '0',
      'justify-content': 'flex-end',
      overflow: 'hidden',
    });
  registry.rule('components', '.item .label.label--small', { 'padding-top': '2px' });
  registry.rule('components', '.item .description', { 'padding-top': '1px' });
  registry.rule('components', '.item .meta', ({ screen }) => ({
    'flex-shrink': '0',
    height: 'auto',
    'margin-right': '7px',
    width: '10px',
    ...slotBackground(screen, 'gray-70'),
    display: 'flex',
    'justify-content': 'center',
    'align-items': 'center',
    position: 'relative',
    'border-radius': screen.bitDepth >= 4 ? '4px' : '3px',
  }));
  registry.rule('components', '.item .meta .index', (context) => {
    const { screen } = context;
    const thin = screen.bitDepth >= 2;
    return {
      ...typeDeclarations(context, 'item-index'),
      ...textOf(semanticPaint(screen, thin ? 'text-secondary' : 'text-primary')),
      'text-shadow': textStroke(thin ? 1 : 1.75, semanticSolid(screen, 'stroke-contrast')),
      overflow: 'visible',
      position: 'absolute',
      top: '50%',
      left: '50%',
      transform: 'translate(-50%, -50%)',
    };
  });
  registry.rule('components', '.item .icon', { 'flex-shrink': '0', height: 'auto', 'margin-right': '6px' });
  for (const [emphasis, token] of [
    ['2', 'gray-40'],
    ['3', 'gray-20'],
  ]) {
    registry.rule('components', `.item--emphasis-${emphasis} .meta`, ({ screen }) => slotBackground(screen, token));
    registry.rule('components', `.item--emphasis-${emphasis} .meta .index`, ({ screen }) =>
      textOf(semanticPaint(screen, 'text-inverse')),
    );
  }
  registry.rule('components', '.item + .group-header', { 'margin-top': '16px' });
  registry.rule('components', '.flex--row > .item', { width: 'auto', 'align-self': 'stretch' });
  registry.rule('components', '.grid > .item', { 'align-self': 'stretch' });
}

const TABLE_ROWS: Record<string, [number, number]> = {
  base: [36, 46],
  large: [44, 56],
  xlarge: [56, 72],
  small: [24, 31],
  xsmall: [18, 22],
  condensed: [24, 31],
};

function registerTable(registry: Registry): void {
  for (const cell of ['th', 'td'])
    registry.rule('components', `.table ${cell}`, ({ screen }) => textOf(semanticPaint(screen, 'text-primary')));
  for (const [part, level, height] of [
    ['thead', 4, 36],
    ['tbody', 6, 46],
  ] as const)
    registry.rule('components', `.table ${part} tr`, ({ screen }) => ({
      position: 'relative',
      'text-align': 'left',
      'image-rendering': 'pixelated',
      height: px(height),
      ...borderLine(screen, level, 'bottom'),
    }));
  registry.rule('components', '.table tbody tr:last-child', { 'background-image': 'none' });
  for (const [size, [head, body]] of Object.entries(TABLE_ROWS)) {
    registry.rule('components', `.table.table--${size} thead tr`, { height: px(head) });
    registry.rule('components', `.table.table--${size} tbody tr`, { height: px(body) });
  }
  registry.rule('components', '.table thead tr th .meta', { display: 'block', width: '10px' });
  registry.rule('components', '.table tbody tr td .meta', ({ screen }) => ({
    display: 'block',
    width: '10px',
    ...slotBackground(screen, screen.bitDepth === 1 ? 'gray-60' : 'gray-75'),
    'border-radius': '3px',
    position: 'absolute',
    top: '0',
    bottom: '0',
    left: '50%',
    transform: 'translateX(-50%)',
  }));
}

function registerProgress(registry: Registry): void {
  registry.rule('components', '.progress', { display: 'flex', 'flex-direction': 'column', gap: '7px', width: '100%' });
  for (const kind of ['progress-bar', 'progress-dots'])
    registry.rule('components', `.${kind} .content`, {
      display: 'flex',
      'justify-content': 'space-between',
      'align-items': 'baseline',
      'margin-bottom': '5px',
    });
  registry.rule('components', '.progress-bar .track', ({ screen }) => ({
    position: 'relative',
    width: '100%',
    height: '24px',
    ...slotBackground(screen, 'gray-70'),
    border: `1px solid ${semanticSolid(screen, screen.bitDepth >= 2 ? 'border-muted' : 'border-strong')}`,
    'border-radius': screen.bitDepth >= 4 ? '4px' : '10px',
    overflow: 'hidden',
  }));
  registry.rule('components', '.progress-bar .fill', ({ screen }) => ({
    position: 'absolute',
    top: '0',
    left: '0',
    height: '100%',
    ...slotBackground(screen, 'gray-40'),
  }));
  for (const [size, height] of [
    ['base', 24],
    ['small', 12],
    ['xsmall', 6],
    ['large', 32],
  ] as const)
    registry.rule(
      'components',
      `.progress-bar--${size} .track`,
      { height: px(height) },
      { gates: 'all', gated: [`progress-bar--${size}`] },
    );
  registry.rule('components', '.progress-bar--emphasis-2 .fill', ({ screen }) => slotBackground(screen, 'gray-20'));
  registry.rule('components', '.progress-bar--emphasis-3 .fill', ({ screen }) =>
    screen.bitDepth >= 2 ? backgroundOf(semanticPaint(screen, 'fill-strong')) : slotBackground(screen, 'gray-10'),
  );
  registry.rule('components', '.progress-dots .track', {
    display: 'flex',
    gap: '7px',
    'justify-content': 'flex-start',
    'align-items': 'center',
  });
  registry.rule('components', '.progress-dots .dot', ({ screen }) => ({
    width: '16px',
    height: '16px',
    'border-radius': '50%',
    ...slotBackground(screen, 'gray-60'),
    border: `1px solid ${semanticSolid(screen, screen.bitDepth >= 2 ? 'border-muted' : 'border-strong')}`,
  }));
  registry.rule('components', '.progress-dots .dot--filled', ({ screen }) =>
    backgroundOf(semanticPaint(screen, 'fill-strong')),
  );
  registry.rule('components', '.progress-dots .dot--current', ({ screen }) => slotBackground(screen, 'gray-40'));
  for (const [size, side] of [
    ['base', 16],
    ['small', 12],
    ['xsmall', 8],
    ['large', 20],
  ] as const)
    registry.rule(
      'components',
      `.progress-dots--${size} .dot`,
      { width: px(side), height: px(side) },
      {
        gates: 'all',
        gated: [`progress-dots--${size}`],
      },
    );
}

export function registerComponents(registry: Registry): void {
  registerRichText(registry);
  registerItem(registry);
  registerTable(registry);
  registerProgress(registry);
}
