/**
 * Grid utilities (the framework's `utilities/_grid.scss`): the grid container and its columns, column spans,
 * and the `col` and `row` boxes.
 */
import type { Registry } from '../define';
import { px, SIZE_STEPS } from './values';

export function registerGrid(registry: Registry): void {
  registry.rule(
    'utilities',
    '.grid',
    { display: 'grid', gap: '10px', 'grid-template-columns': 'repeat(auto-fit, minmax(0, 1fr))', width: '100%' },
    { gates: 'dark-all' },
  );
  registry.rule('utilities', '.grid--no-gap', { gap: '0' }, { gates: 'layout' });
  registry.rule(
    'utilities',
    '.grid--wrap',
    { 'grid-template-columns': 'repeat(auto-fit, minmax(var(--grid-col-min, 160px), 1fr))' },
    { gates: 'layout' },
  );
  for (const step of SIZE_STEPS)
    registry.rule('utilities', `.grid--min-${step}`, { '--grid-col-min': px(step * 4) }, { gates: 'layout' });
  for (let columns = 1; columns <= 12; columns++)
    registry.rule(
      'utilities',
      `.grid--cols-${columns}`,
      { 'grid-template-columns': `repeat(${columns}, minmax(0, 1fr))` },
      { gates: 'layout' },
    );
  // The grid parent is a guard without weight, so a span weighs what the display utilities weigh.
  for (let span = 1; span <= 12; span++)
    registry.rule(
      'utilities',
      `:where(.grid) .col--span-${span}`,
      { 'grid-column': `span ${span}`, display: 'flex' },
      { gates: 'layout', needs: [`col--span-${span}`] },
    );
  registry.rule('utilities', ':where(.grid) > *', { 'min-width': '0' }, { needs: ['grid'] });
  registry.rule(
    'utilities',
    ':where(.grid:not([data-overflow="true"])) > *',
    { 'min-height': '0' },
    { needs: ['grid'] },
  );
  registry.rule(
    'utilities',
    '.col',
    {
      display: 'flex',
      'flex-direction': 'column',
      height: '100%',
      'min-height': '100%',
      'max-height': '100%',
      width: '100%',
    },
    { gates: 'layout' },
  );
  registry.rule('utilities', '.row', { display: 'flex', 'flex-direction': 'row' }, { gates: 'layout' });
  for (const box of ['col', 'row'])
    for (const [end, value] of [
      ['start', 'flex-start'],
      ['center', 'center'],
      ['end', 'flex-end'],
    ])
      registry.rule('utilities', `.${box}--${end}`, { 'justify-content': value }, { gates: 'layout' });
  for (const box of ['row', 'col'])
    registry.rule('utilities', `.grid .${box} img`, { 'max-height': '100%', 'object-fit': 'contain' });
}
