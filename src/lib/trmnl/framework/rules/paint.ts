/**
 * Paint utilities: backgrounds and text colours of every colour token (`bg--gray-30`, `text--white`), the
 * semantic ones (`bg--canvas`, `text--muted`), border lines (`border--h-4`, `border--v-50`) and `invert`. A tone
 * the screen cannot show is a dither pattern, as the framework paints it.
 */
import { tokenPaint } from '../colors';
import { makeRule, type Registry } from '../define';
import type { Declarations } from '../rule';
import { borderLine } from './lines';
import { backgroundOf, semanticPaint, textOf } from './values';

/** The framework's step borders (10 to 75) draw the level art, two steps a level. */
const stepLevel = (step: number): number => Math.min(7, Math.floor(step / 10));

export function registerBackgrounds(registry: Registry): void {
  registry.tokenPattern('bg--', (token, { screen }) => backgroundOf(tokenPaint(token, screen)), 'dark-all');
  for (const role of ['canvas', 'surface', 'backdrop'])
    registry.rule(
      'utilities',
      `.bg--${role}`,
      ({ screen }) =>
        backgroundOf(
          role === 'backdrop' ? tokenPaint(screen.dark ? 'gray-10' : 'gray-55', screen) : semanticPaint(screen, role),
        ),
      { gates: 'dark-all' },
    );
}

export function registerBorders(registry: Registry): void {
  registry.pattern(/^border--([hv])-(\d+|black|white)$/, (name, match, order) => {
    const [, direction, which] = match;
    const step = Number(which);
    let level: number;
    if (which === 'black') level = 1;
    else if (which === 'white') level = 7;
    else if (step >= 1 && step <= 7) level = step;
    else if (step >= 10 && step <= 75 && step % 5 === 0) level = stepLevel(step);
    else return [];
    return [
      makeRule(
        'utilities',
        order,
        '&',
        ({ screen }): Declarations => ({
          position: 'relative',
          ...borderLine(screen, level, direction === 'h' ? 'bottom' : 'left'),
        }),
        {},
        name,
      ),
    ];
  });
  registry.rule('utilities', '.invert', { filter: 'invert(1)' });
}

export function registerTextColors(registry: Registry): void {
  registry.tokenPattern('text--', (token, { screen }) => textOf(tokenPaint(token, screen)), 'dark-all');
  for (const [name, role] of [
    ['default', 'text-primary'],
    ['muted', 'text-secondary'],
    ['inverse', 'text-inverse'],
  ])
    registry.rule('utilities', `.text--${name}`, ({ screen }) => textOf(semanticPaint(screen, role)), {
      gates: 'dark-all',
    });
}
