/**
 * Box utilities, last in the framework's utility layer so they win its ties: sizes (`w--16`, `h--full`,
 * `w--max-[64cqw]`), margins and paddings (`mb--2`, `px--1.5`) and gaps (`gap--large`, `gap--[12px]`), on the
 * framework's spacing scale (4 px a step).
 */
import { makeRule, type Registry } from '../define';
import type { Declarations } from '../rule';
import { GAPS, px, spacingOf } from './values';

const SIZE_PROPERTIES: Record<string, string> = {
  w: 'width',
  h: 'height',
  'w-min': 'min-width',
  'w-max': 'max-width',
  'h-min': 'min-height',
  'h-max': 'max-height',
};

/** A size token's value: the spacing scale, `full`, `auto` (`none` for a maximum), `[Npx]` and `[Ncqw]`/`[Ncqh]`. */
function sizeValue(token: string, axis: string, bound: string | undefined): string | undefined {
  if (token === 'full') return '100%';
  if (token === 'auto') return bound === 'max' ? 'none' : 'auto';
  const container = /^\[(\d+)cq([wh])\]$/.exec(token);
  if (container) return container[2] === axis && Number(container[1]) <= 100 ? `${container[1]}cq${axis}` : undefined;
  const value = spacingOf(token);
  return value === undefined ? undefined : px(value);
}

const SPACINGS: Record<string, string[]> = {
  m: ['margin'],
  mt: ['margin-top'],
  mr: ['margin-right'],
  mb: ['margin-bottom'],
  ml: ['margin-left'],
  mx: ['margin-left', 'margin-right'],
  my: ['margin-top', 'margin-bottom'],
  p: ['padding'],
  pt: ['padding-top'],
  pr: ['padding-right'],
  pb: ['padding-bottom'],
  pl: ['padding-left'],
  px: ['padding-left', 'padding-right'],
  py: ['padding-top', 'padding-bottom'],
};
const SPACING_NAMES = Object.keys(SPACINGS);

/** The gap modifiers that distribute instead of spacing. */
const DISTRIBUTE: Record<string, string> = {
  auto: 'space-evenly',
  distribute: 'space-between',
  'space-between': 'space-evenly',
};

export function registerBox(registry: Registry): void {
  registry.pattern(/^([wh])--(?:(min|max)-)?(.+)$/, (name, match, order) => {
    const [, axis, bound, token] = match;
    const value = sizeValue(token, axis, bound);
    if (value === undefined) return [];
    const property = SIZE_PROPERTIES[bound ? `${axis}-${bound}` : axis];
    return [makeRule('utilities', order, '&', { [property]: value }, { gates: 'layout' }, name)];
  });
  registry.pattern(new RegExp(`^(${SPACING_NAMES.join('|')})--(.+)$`), (name, match, order) => {
    if (/^\[/.test(match[2])) return [];
    const value = spacingOf(match[2]);
    if (value === undefined) return [];
    const declarations: Declarations = {};
    for (const property of SPACINGS[match[1]]) declarations[property] = px(value);
    return [
      makeRule('utilities', order + SPACING_NAMES.indexOf(match[1]), '&', declarations, { gates: 'layout' }, name),
    ];
  });
  registry.pattern(/^gap(?:--(.+))?$/, (name, match, order) => {
    const token = match[1] ?? '';
    const arbitrary = /^\[(\d+)px\]$/.exec(token);
    if (arbitrary)
      return Number(arbitrary[1]) <= 50
        ? [makeRule('utilities', order, '&', { gap: `${arbitrary[1]}px` }, {}, name)]
        : [];
    if (token in DISTRIBUTE)
      return [
        makeRule(
          'utilities',
          order + 1,
          '&',
          { gap: '0px', 'justify-content': DISTRIBUTE[token] },
          { gates: 'layout' },
          name,
        ),
      ];
    return token in GAPS
      ? [makeRule('utilities', order, '&', { gap: px(GAPS[token]) }, { gates: 'layout' }, name)]
      : [];
  });
}
