/**
 * The framework's type scale, as its font bundles set it on a screen of normal density (its
 * `config/_variables_overrides.scss` and `config/_variables_root.scss`, release 3.2): for each role the size, the
 * line height, the weight and the font. Sizes are px; a line height is a factor of the size, or px where the
 * framework gives px.
 */
import type { FontBundle } from './screen';

/** The framework's fonts: its pixel fonts and Inter (its vector font, "Inter Variable"). */
export type FrameworkFont = 'TRMNL12' | 'TRMNL16' | 'TRMNL21' | 'NicoClean' | 'NicoPups' | 'BlockKie' | 'Inter';

export interface TypeRole {
  size: number;
  /** A factor of the size (1.25), or a length (`22px`). */
  lineHeight: number | string;
  /** Undefined where the framework leaves the weight to the element (the text-- size utilities). */
  weight?: number;
  font: FrameworkFont;
}

type Roles = Record<string, TypeRole>;

const role = (
  size: number,
  lineHeight: number | string,
  weight: number | undefined,
  font: FrameworkFont,
): TypeRole => ({ size, lineHeight, weight, font });

/** What every bundle shares: the Inter roles and the values' sizes. */
const SHARED: Roles = {
  'label-large': role(21, 1.2, 500, 'Inter'),
  'label-xlarge': role(26, 1.2, 475, 'Inter'),
  'label-xxlarge': role(30, 1.2, 450, 'Inter'),
  'description-xlarge': role(21, 1.2, 500, 'Inter'),
  'description-xxlarge': role(24, 1.2, 475, 'Inter'),
  'title-large': role(30, 1.2, 425, 'Inter'),
  'title-xlarge': role(35, 1.2, 400, 'Inter'),
  'title-xxlarge': role(40, 1.2, 375, 'Inter'),
  value: role(38, '42px', 450, 'Inter'),
  'value-xsmall': role(20, '24px', 600, 'Inter'),
  'value-small': role(26, '29px', 500, 'Inter'),
  'value-large': role(58, '70px', 400, 'Inter'),
  'value-xlarge': role(74, '86px', 375, 'Inter'),
  'value-xxlarge': role(96, '108px', 350, 'Inter'),
  'value-xxxlarge': role(128, '128px', 300, 'Inter'),
  'value-mega': role(170, '180px', 275, 'Inter'),
  'value-giga': role(220, '230px', 250, 'Inter'),
  'value-tera': role(290, '300px', 225, 'Inter'),
  'value-peta': role(380, '390px', 200, 'Inter'),
  'richtext-xlarge': role(30, 1.2, 425, 'Inter'),
  'richtext-xxlarge': role(35, 1.2, 400, 'Inter'),
  'richtext-xxxlarge': role(40, 1.2, 375, 'Inter'),
  'font-xlarge': role(26, '29px', undefined, 'Inter'),
  'font-xxlarge': role(38, '42px', undefined, 'Inter'),
  'font-xxxlarge': role(58, '70px', undefined, 'Inter'),
  'font-mega': role(74, '86px', undefined, 'Inter'),
  'font-giga': role(96, '108px', undefined, 'Inter'),
  'font-tera': role(128, '128px', undefined, 'Inter'),
  'font-peta': role(170, '180px', undefined, 'Inter'),
};

/** The TRMNL bundle (TRMNL12, TRMNL16, TRMNL21). */
const TRMNL: Roles = {
  'title-bar': role(16, 1, 700, 'TRMNL16'),
  label: role(16, 1.25, 700, 'TRMNL16'),
  'label-small': role(12, 1, 400, 'TRMNL12'),
  description: role(12, 1, 400, 'TRMNL12'),
  'description-large': role(16, 1.25, 700, 'TRMNL16'),
  title: role(21, 1, 400, 'TRMNL21'),
  'title-small': role(16, 1, 700, 'TRMNL16'),
  'value-xxsmall': role(16, '16px', 700, 'TRMNL16'),
  richtext: role(16, '22px', 400, 'TRMNL16'),
  'richtext-large': role(21, 1, 400, 'TRMNL21'),
  'richtext-small': role(12, '16px', 400, 'TRMNL12'),
  'item-index': role(12, 1, 400, 'TRMNL12'),
  'font-small': role(12, 1, undefined, 'TRMNL12'),
  'font-base': role(16, 1.25, undefined, 'TRMNL16'),
  'font-large': role(21, 1, undefined, 'TRMNL21'),
};

/** The classic bundle (NicoClean, NicoPups, BlockKie). */
const CLASSIC: Roles = {
  'title-bar': role(16, 1, 400, 'NicoClean'),
  label: role(16, 1.25, 400, 'NicoClean'),
  'label-small': role(16, 1, 400, 'NicoPups'),
  description: role(16, 1, 400, 'NicoPups'),
  'description-large': role(16, 1.25, 400, 'NicoClean'),
  title: role(26, 1, 400, 'BlockKie'),
  'title-small': role(16, 1, 400, 'NicoClean'),
  'value-xxsmall': role(16, '16px', 400, 'NicoClean'),
  richtext: role(16, '22px', 400, 'NicoClean'),
  'richtext-large': role(26, 1, 400, 'BlockKie'),
  'richtext-small': role(16, '16px', 400, 'NicoPups'),
  'item-index': role(16, 1, 400, 'NicoPups'),
  'font-small': role(16, 1, undefined, 'NicoPups'),
  'font-base': role(16, 1.25, undefined, 'NicoClean'),
  'font-large': role(26, 1, undefined, 'BlockKie'),
};

/** The type role `name` (`label-small`, `value-xlarge`, …) in the bundle. */
export function typeRole(bundle: FontBundle, name: string): TypeRole {
  const found = (bundle === 'classic' ? CLASSIC : TRMNL)[name] ?? SHARED[name];
  if (!found) throw new Error(`no type role ${name}`);
  return found;
}

/** The title bar's top padding: it sets each bundle's glyphs on the bar's middle (none on 4-bit screens). */
export function titleBarPaddingTop(bundle: FontBundle, bitDepth: number): number {
  if (bitDepth >= 4) return 0;
  return bundle === 'classic' ? 5 : 1;
}
