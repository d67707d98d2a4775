/**
 * The reset, and the page's frame: the screen, its views, the layout and columns (the framework's
 * `config/_normalize.scss` and `base/`). Views and layouts take their sizes from the screen, with the
 * framework's gap (10 px) around and between them.
 */
import { makeRule, type Registry } from '../define';
import type { Declarations } from '../rule';
import type { Screen } from '../screen';
import { backgroundOf, GAP, px, semanticPaint, semanticSolid } from './values';

export function registerNormalize(registry: Registry): void {
  registry.rule('normalize', '.trmnl', { 'box-sizing': 'border-box' });
  registry.rule('normalize', '.trmnl *', { 'box-sizing': 'border-box' });
  registry.rule(
    'normalize',
    '.trmnl :where(h1, h2, h3, h4, h5, h6, p, blockquote, pre, dl, dd, ol, ul, figure, hr, fieldset, legend)',
    { margin: '0', padding: '0', 'line-height': 'normal' },
  );
  registry.rule('normalize', '.trmnl table', { 'border-collapse': 'collapse', width: '100%' });
  registry.rule('normalize', '.trmnl :where(tr, td, th)', {
    position: 'relative',
    'border-spacing': '0',
    padding: '0',
  });
}

/** A layout's height in a full view: the screen's, less the screen's padding. */
function fullHeight(screen: Screen): number {
  return screen.noBleed ? screen.height : screen.height - 2 * GAP;
}

function fullWidth(screen: Screen): number {
  return screen.noBleed ? screen.width : screen.width - 2 * GAP;
}

/** Where each view of a mashup sits in its 2 x 2 grid: column span and row span, view by view. */
const MASHUPS: Record<string, string[]> = {
  '1x1': ['1 / 3,1 / 3'],
  '1Lx1R': ['1 / 2,1 / 3', '2 / 3,1 / 3'],
  '1Tx1B': ['1 / 3,1 / 2', '1 / 3,2 / 3'],
  '1Lx2R': ['1 / 2,1 / 3', '2 / 3,1 / 2', '2 / 3,2 / 3'],
  '2Lx1R': ['1 / 2,1 / 2', '1 / 2,2 / 3', '2 / 3,1 / 3'],
  '2Tx1B': ['1 / 2,1 / 2', '2 / 3,1 / 2', '1 / 3,2 / 3'],
  '1Tx2B': ['1 / 3,1 / 2', '1 / 2,2 / 3', '2 / 3,2 / 3'],
  '2x2': ['1 / 2,1 / 2', '2 / 3,1 / 2', '1 / 2,2 / 3', '2 / 3,2 / 3'],
};

export function registerFrame(registry: Registry): void {
  registry.rule('base', '.environment', { 'background-color': 'gray' });
  // The screen's own modifiers: read when the page's CSS is made, styled through the rules they scope.
  registry.pattern(/^(screen--.+|dark-mode)$/, (name, _match, order) => [makeRule('base', order, '&', {}, {}, name)]);
  registry.rule('base', '.screen', ({ screen }) => ({
    display: 'flex',
    width: px(screen.width),
    height: px(screen.height),
    'font-variant-ligatures': 'none',
    padding: screen.noBleed ? '0' : px(GAP),
    ...backgroundOf(semanticPaint(screen, 'canvas')),
    color: semanticSolid(screen, 'text-primary'),
    overflow: 'hidden',
  }));

  registry.rule('base', '.view', { position: 'relative', display: 'flex', 'flex-direction': 'column' });
  for (const view of ['full', 'quadrant', 'half_vertical', 'half_horizontal'])
    registry.rule('base', `.view--${view}`, { overflow: 'hidden' });
  // A half or quadrant view is the page here (the framework's devices give it the whole screen, `100%`).
  for (const view of ['quadrant', 'half_vertical', 'half_horizontal'])
    registry.rule('base', `.view--${view}`, ({ screen }) => ({
      'border-radius': '7px',
      ...backgroundOf(semanticPaint(screen, 'surface')),
      width: '100%',
      height: '100%',
    }));
  registry.rule('base', '.view--full', ({ screen }) => ({
    width: px(fullWidth(screen)),
    height: px(fullHeight(screen)),
  }));
  registry.rule('base', '.view--full .layout', ({ screen }) => ({ height: px(fullHeight(screen)), padding: '0' }));
  for (const view of ['quadrant', 'half_vertical', 'half_horizontal'])
    registry.rule('base', `.view--${view} .layout`, { height: '100%', padding: px(GAP) });
  // A layout followed by the title bar leaves it its height and a gap: the framework writes it on the layout
  // (`:has(+ .title_bar)`, which the engine cannot read); the view's column shrinks the layout to the same size.
  registry.rule('base', '.view--full .layout + .title_bar', { 'margin-top': px(GAP), 'flex-shrink': '0' });
  for (const view of ['quadrant', 'half_vertical', 'half_horizontal'])
    registry.rule('base', `.view--${view} .layout + .title_bar`, { 'flex-shrink': '0' });
  for (const gap of ['gap--auto', 'gap--space-between'])
    registry.rule('base', `.view .layout.${gap}`, { 'padding-top': '0', 'padding-bottom': '0' });
  registry.rule('base', '.mashup', ({ screen }) => ({
    width: px(fullWidth(screen)),
    height: px(fullHeight(screen)),
    display: 'grid',
    'grid-template-columns': '1fr 1fr',
    'grid-template-rows': '1fr 1fr',
    gap: px(GAP),
  }));
  for (const [name, places] of Object.entries(MASHUPS))
    places.forEach((place, index) => {
      const [column, row] = place.split(',');
      registry.rule('base', `.mashup--${name} > div:nth-of-type(${index + 1})`, {
        'grid-column': column,
        'grid-row': row,
      });
    });
  // The framework frames a mashup's views with a dotted rounded line (a pseudo-element); here, their own border.
  for (const view of ['quadrant', 'half_vertical', 'half_horizontal'])
    registry.rule('base', `.mashup .view--${view}`, ({ screen }) => ({
      position: 'relative',
      border:
        screen.bitDepth === 1
          ? `1px dotted ${semanticSolid(screen, 'border-strong')}`
          : `1px solid ${semanticSolid(screen, 'border-muted')}`,
    }));
  registry.rule('base', '.screen--no-bleed .view.view--full', ({ screen }) => ({
    width: px(screen.width),
    height: px(screen.height),
  }));
  registry.rule('base', '.screen--no-bleed .view.view--full .layout', ({ screen }) => ({
    width: px(screen.width),
    height: px(screen.height),
  }));
}

const LAYOUT_STRETCH: Record<string, Declarations> = {
  stretch: { flex: '1 1 0%', 'align-self': 'stretch' },
  'stretch-main': { flex: '1 1 0%' },
  'stretch-cross': { 'align-self': 'stretch' },
  'stretch-x': { flex: '1 1 0%' },
  'stretch-y': { 'align-self': 'stretch' },
};

const LAYOUT_ALIGN: Record<string, Declarations> = {
  'justify-start': { 'justify-content': 'flex-start' },
  'justify-center': { 'justify-content': 'center' },
  'justify-end': { 'justify-content': 'flex-end' },
  'align-start': { 'align-items': 'flex-start' },
  'align-center': { 'align-items': 'center' },
  'align-end': { 'align-items': 'flex-end' },
  start: { 'justify-content': 'flex-start', 'align-items': 'flex-start' },
  center: { 'justify-content': 'center', 'align-items': 'center' },
  end: { 'justify-content': 'flex-end', 'align-items': 'flex-end' },
  left: { 'justify-content': 'flex-start' },
  right: { 'justify-content': 'flex-end' },
  top: { 'align-items': 'flex-start' },
  bottom: { 'align-items': 'flex-end' },
  'center-x': { 'justify-content': 'center' },
  'center-y': { 'align-items': 'center' },
};

/** A column reads the axis names the other way round. */
const LAYOUT_DIRECTED: Record<'col' | 'row', Record<string, Declarations>> = {
  col: {
    left: { 'align-items': 'flex-start', 'justify-content': 'center' },
    right: { 'align-items': 'flex-end', 'justify-content': 'center' },
    top: { 'justify-content': 'flex-start', 'align-items': 'center' },
    bottom: { 'justify-content': 'flex-end', 'align-items': 'center' },
    'center-x': { 'align-items': 'center' },
    'center-y': { 'justify-content': 'center' },
  },
  row: {
    left: { 'justify-content': 'flex-start', 'align-items': 'center' },
    right: { 'justify-content': 'flex-end', 'align-items': 'center' },
    top: { 'align-items': 'flex-start', 'justify-content': 'center' },
    bottom: { 'align-items': 'flex-end', 'justify-content': 'center' },
    'center-x': { 'justify-content': 'center' },
    'center-y': { 'align-items': 'center' },
  },
};

/** What the stretch modifiers do to the children of a column or a row. */
const LAYOUT_DIRECTED_CHILDREN: Record<'col' | 'row', Record<string, Declarations>> = {
  col: {
    'stretch-x': { flex: 'initial', 'align-self': 'stretch' },
    'stretch-y': { 'align-self': 'initial', flex: '1 1 0%' },
  },
  row: { 'stretch-x': { flex: '1 1 0%' }, 'stretch-y': { 'align-self': 'stretch' } },
};

export function registerLayout(registry: Registry): void {
  registry.rule('base', '.layout', { 'container-type': 'size' });
  registry.rule(
    'base',
    '.layout',
    { display: 'flex', overflow: 'hidden', 'justify-content': 'center', 'align-items': 'center', gap: px(GAP) },
    { gates: 'layout' },
  );
  registry.rule('base', '.layout--col', { 'flex-direction': 'column' }, { gates: 'layout' });
  registry.rule('base', '.layout--row', { 'flex-direction': 'row' }, { gates: 'layout' });
  for (const [name, children] of Object.entries(LAYOUT_STRETCH))
    registry.rule('base', `.layout--${name} > *`, children, { gates: 'layout' });
  for (const [name, declarations] of Object.entries(LAYOUT_ALIGN))
    registry.rule('base', `.layout--${name}`, declarations, { gates: 'layout' });
  for (const direction of ['col', 'row'] as const) {
    for (const [name, children] of Object.entries(LAYOUT_DIRECTED_CHILDREN[direction]))
      registry.rule('base', `.layout--${direction}.layout--${name} > *`, children, { gates: 'layout' });
    for (const [name, declarations] of Object.entries(LAYOUT_DIRECTED[direction]))
      registry.rule('base', `.layout--${direction}.layout--${name}`, declarations, { gates: 'layout' });
  }
  registry.rule('base', '.layout > .stretch', { 'align-self': 'stretch', flex: '1 1 0%' });
  registry.rule('base', '.layout > .no-shrink', { 'flex-shrink': '0' });
  const plain = '.layout:where(:not(.layout--row):not(.layout--col))';
  const stretchX = { flex: '1 1 0%' };
  const stretchY = { 'align-self': 'stretch', flex: '0 1 auto' };
  registry.rule('base', `${plain} > .stretch-x`, stretchX, { gates: 'layout', gated: ['stretch-x'] });
  registry.rule('base', `${plain} > .stretch-y`, stretchY, { gates: 'layout', gated: ['stretch-y'] });
  registry.rule('base', '.layout--col > .stretch-y', { flex: '1 1 0%', 'align-self': 'auto' }, { gates: 'layout' });
  registry.rule(
    'base',
    '.layout--col > .stretch-x',
    { 'align-self': 'stretch', flex: '0 1 auto' },
    { gates: 'layout' },
  );
  registry.rule('base', '.layout--row > .stretch-x', stretchX, { gates: 'layout' });
  registry.rule('base', '.layout--row > .stretch-y', stretchY, { gates: 'layout' });
}

export function registerColumns(registry: Registry): void {
  registry.rule('base', '.columns', {
    display: 'flex',
    'flex-direction': 'row',
    'align-items': 'flex-start',
    'justify-content': 'center',
    overflow: 'hidden',
    width: '100%',
    'max-height': '100%',
    gap: px(GAP),
  });
  registry.rule('base', '.columns--center', { 'align-items': 'center' });
  registry.rule('base', '.column', {
    flex: '1',
    display: 'flex',
    'flex-direction': 'column',
    'justify-content': 'center',
    'align-content': 'center',
    gap: px(GAP),
    'max-width': '100%',
    'max-height': '100%',
    'flex-grow': '1',
    width: '0',
  });
}
