/**
 * Flex utilities (the framework's `utilities/_flexbox.scss`): the container, its directions and wrapping, the
 * alignment modifiers read per direction (`flex--left` is the main axis of a row and the cross axis of a
 * column), stretching, and the child utilities (grow, shrink, self alignment, order, basis).
 */
import type { Registry } from '../define';
import type { Declarations } from '../rule';
import { px, SIZE_STEPS } from './values';

type Table = Record<string, Declarations>;

const jc = (value: string): Declarations => ({ 'justify-content': value });
const ai = (value: string): Declarations => ({ 'align-items': value });

/** Alignment of a flex without a direction (laid out as a row). */
const BASIC: Table = {
  left: jc('flex-start'),
  start: jc('flex-start'),
  right: jc('flex-end'),
  end: jc('flex-end'),
  top: ai('flex-start'),
  bottom: ai('flex-end'),
  center: ai('center'),
  'center-x': jc('center'),
  'center-y': ai('center'),
};

const ROW: Table = {
  left: jc('flex-start'),
  start: jc('flex-start'),
  'center-x': jc('center'),
  right: jc('flex-end'),
  end: jc('flex-end'),
  top: ai('flex-start'),
  'center-y': ai('center'),
  bottom: ai('flex-end'),
  center: { 'align-items': 'center', 'justify-content': 'center' },
  'stretch-y': { 'align-items': 'stretch', 'justify-content': 'center' },
};

const COL: Table = {
  left: { 'align-items': 'flex-start', 'justify-content': 'center' },
  'center-x': { 'align-items': 'center', 'justify-content': 'center' },
  right: { 'align-items': 'flex-end', 'justify-content': 'center' },
  top: jc('flex-start'),
  start: jc('flex-start'),
  'center-y': jc('center'),
  bottom: jc('flex-end'),
  end: jc('flex-end'),
  center: { 'align-items': 'center', 'justify-content': 'center' },
  'stretch-x': ai('stretch'),
};

/** The modifiers that stretch the children: along a row, along a column, and `stretch` on both. */
const STRETCHED_CHILDREN: Record<'row' | 'col', string[]> = {
  row: ['stretch-x', 'stretch'],
  col: ['stretch-y', 'stretch'],
};

/** Distribution, content alignment and stretching, the same on both axes (a row's content also resets its main axis). */
function shared(axis: 'row' | 'col'): Table {
  const table: Table = { between: jc('space-between'), around: jc('space-around'), evenly: jc('space-evenly') };
  for (const [name, value] of Object.entries({
    start: 'flex-start',
    center: 'center',
    end: 'flex-end',
    between: 'space-between',
    around: 'space-around',
    evenly: 'space-evenly',
    stretch: 'stretch',
  })) {
    const reset = axis === 'row' && name !== 'center' && name !== 'stretch';
    table[`content-${name}`] = { 'align-content': value, ...(reset ? jc(value) : {}) };
  }
  table.stretch = ai('stretch');
  return table;
}

const DIRECTIONS: Record<string, 'row' | 'col'> = {
  row: 'row',
  'row-reverse': 'row',
  col: 'col',
  'col-reverse': 'col',
};

const CHILDREN: Table = {
  stretch: { 'align-self': 'stretch', flex: '1 1 0%', 'min-height': '0', 'min-width': '0' },
  'stretch-x': { flex: '1 1 0%', 'min-width': '0' },
  'stretch-y': { 'align-self': 'stretch', flex: '0 1 auto', 'min-height': '0' },
  'no-shrink': { 'flex-shrink': '0' },
  'self--start': { 'align-self': 'flex-start' },
  'self--center': { 'align-self': 'center' },
  'self--end': { 'align-self': 'flex-end' },
  'self--stretch': { 'align-self': 'stretch' },
  grow: { 'flex-grow': '1' },
  'grow-0': { 'flex-grow': '0' },
  'shrink-0': { 'flex-shrink': '0' },
  'flex-auto': { flex: '1 1 auto' },
  'flex-initial': { flex: '0 1 auto' },
  'flex-none': { flex: 'none' },
  'order--first': { order: '-9999' },
  'order--last': { order: '9999' },
};
for (let i = -10; i <= 10; i++) CHILDREN[`order--${i}`] = { order: String(i) };

export function registerFlex(registry: Registry): void {
  registry.rule('utilities', '.flex', { display: 'flex', gap: '10px' }, { gates: 'dark-all' });
  const direction = (name: string, flow: string, row: boolean): void => {
    registry.rule(
      'utilities',
      `.flex--${name}`,
      { 'flex-direction': flow, 'align-items': 'center', ...(row ? jc('center') : {}) },
      { gates: 'layout' },
    );
  };
  direction('col', 'column', false);
  direction('col-reverse', 'column-reverse', false);
  direction('row', 'row', true);
  direction('row-reverse', 'row-reverse', true);
  for (const column of ['col', 'col-reverse'])
    for (const wrap of ['wrap', 'wrap-reverse'])
      registry.rule('utilities', `.flex--${column}.flex--${wrap}`, { height: '100%' }, { gates: 'layout' });
  for (const wrap of ['wrap', 'nowrap', 'wrap-reverse'])
    registry.rule('utilities', `.flex--${wrap}`, { 'flex-wrap': wrap }, { gates: 'layout' });

  const guard = '.flex:where(:not(.flex--row):not(.flex--col):not(.flex--row-reverse):not(.flex--col-reverse))';
  for (const [name, declarations] of Object.entries(BASIC))
    registry.rule('utilities', `${guard}.flex--${name}`, declarations, { gates: 'layout', gated: [`flex--${name}`] });
  for (const [flow, axis] of Object.entries(DIRECTIONS)) {
    for (const [name, declarations] of Object.entries({ ...(axis === 'row' ? ROW : COL), ...shared(axis) }))
      registry.rule('utilities', `.flex--${flow}.flex--${name}`, declarations, { gates: 'layout' });
    for (const name of STRETCHED_CHILDREN[axis])
      registry.rule('utilities', `.flex--${flow}.flex--${name} > *`, { flex: '1 1 0%' }, { gates: 'layout' });
  }
  for (const [name, declarations] of Object.entries(CHILDREN))
    registry.rule('utilities', `.flex > .${name}`, declarations, { gates: 'layout' });
  registry.rule('utilities', ':where(.flex) > *', { 'min-width': '0' }, { needs: ['flex'] });
  registry.rule(
    'utilities',
    ':where(.flex:not([data-overflow="true"])) > *',
    { 'min-height': '0' },
    { needs: ['flex'] },
  );
  // Standalone: every child utility but stretch-x and stretch-y, which mean something only in a flex or layout.
  for (const [name, declarations] of Object.entries(CHILDREN))
    if (name !== 'stretch-x' && name !== 'stretch-y')
      registry.rule('utilities', `.${name}`, declarations, { gates: 'layout' });
  for (const step of SIZE_STEPS)
    registry.rule('utilities', `.basis--${step}`, { 'flex-basis': px(step * 4) }, { gates: 'layout' });
  registry.rule('utilities', '.basis--auto', { 'flex-basis': 'auto' }, { gates: 'layout' });
  registry.rule('utilities', '.inline-flex', { display: 'inline-flex', gap: '10px' }, { gates: 'dark-all' });
  registry.rule('utilities', '.flex--col > .stretch-x', { width: '100%', flex: '0 0 auto' }, { gates: 'layout' });
  registry.rule('utilities', '.flex--row > .stretch-x', { flex: '1 1 0%' }, { gates: 'layout' });
  registry.rule(
    'utilities',
    '.flex--row > .stretch-y',
    { 'align-self': 'stretch', flex: '0 1 auto' },
    { gates: 'layout' },
  );
  registry.rule('utilities', '.flex--col > .stretch-y', { flex: '1 1 0%', 'align-self': 'auto' }, { gates: 'layout' });
}
