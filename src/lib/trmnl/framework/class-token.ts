/**
 * A class as a page writes it: an optional chain of gates before the class the framework styles
 * (`dark:md:portrait:2bit:value--large`), in the framework's order: dark mode, then the size (mobile-first: `md:`
 * holds on md and lg screens), then the orientation, then the bit depth. Gates are resolved for the screen when
 * the page's CSS is made: a class whose gates hold is styled with the weight the framework gives the gated rule;
 * one whose gates do not hold is known and left unstyled.
 */
import type { BitDepth } from '../page/page-wrap';
import { SIZES, type Orientation, type Screen, type SizeClass } from './screen';

export interface Gate {
  dark: boolean;
  size?: SizeClass;
  orientation?: Orientation;
  bits?: BitDepth;
}

export interface ClassToken {
  /** The class the framework styles, without its gates. */
  name: string;
  /** Undefined for a class written without gates. */
  gate?: Gate;
  /** The gates as written, with their colons (`md:portrait:`); empty without gates. */
  prefix: string;
}

const ORIENTATIONS: readonly Orientation[] = ['landscape', 'portrait'];
const BITS: Readonly<Record<string, BitDepth>> = { '1bit': 1, '2bit': 2, '4bit': 4 };

/** A class token read into its gates and name; undefined when the gates are not the framework's grammar. */
export function parseClassToken(token: string): ClassToken | undefined {
  const parts = token.split(':');
  const name = parts.pop() as string;
  if (name === '') return undefined;
  if (parts.length === 0) return { name, prefix: '' };
  const gate: Gate = { dark: false };
  // Each gate at most once, in the framework's order.
  let stage = 0;
  for (const part of parts) {
    if (part === 'dark' && stage === 0) {
      gate.dark = true;
      stage = 1;
    } else if (SIZES.includes(part as SizeClass) && stage <= 1) {
      gate.size = part as SizeClass;
      stage = 2;
    } else if (ORIENTATIONS.includes(part as Orientation) && stage <= 2) {
      gate.orientation = part as Orientation;
      stage = 3;
    } else if (part in BITS && stage <= 3) {
      gate.bits = BITS[part];
      stage = 4;
    } else {
      return undefined;
    }
  }
  return { name, gate, prefix: `${parts.join(':')}:` };
}

/** Which gates a family of classes is published under. */
export type GateSet =
  /** bit depth, size, orientation and their combinations */
  | 'all'
  /** as `all`, and dark mode before them */
  | 'dark-all'
  /** size, orientation and size with orientation */
  | 'layout'
  /** the bit depth alone */
  | 'bits'
  | 'none';

export function gateAllowed(gate: Gate, set: GateSet): boolean {
  switch (set) {
    case 'none':
      return false;
    case 'bits':
      return !gate.dark && gate.size === undefined && gate.orientation === undefined && gate.bits !== undefined;
    case 'layout':
      return !gate.dark && gate.bits === undefined;
    case 'all':
      return !gate.dark;
    case 'dark-all':
      return true;
  }
}

/** Whether the gate holds on the screen (sizes mobile-first). */
export function gateHolds(gate: Gate, screen: Screen): boolean {
  if (gate.dark && !screen.dark) return false;
  if (gate.size !== undefined && SIZES.indexOf(gate.size) > SIZES.indexOf(screen.size)) return false;
  if (gate.orientation !== undefined && gate.orientation !== screen.orientation) return false;
  return gate.bits === undefined || gate.bits === screen.bitDepth;
}

/**
 * The screen classes that scope a gated rule: one class of weight per gate, as the framework weighs them (so
 * `md:portrait:x` outranks `md:x`, which outranks `x`). Landscape has no class of its own: it is a screen not
 * portrait.
 */
export function gateScope(gate: Gate, screen: Screen): string {
  let scope = '';
  if (gate.dark) scope += '.screen--dark-mode';
  if (gate.size !== undefined) scope += `.screen--${screen.size}`;
  if (gate.bits !== undefined) scope += `.screen--${gate.bits}bit`;
  if (gate.orientation === 'portrait') scope += '.screen--portrait';
  if (gate.orientation === 'landscape')
    scope = scope === '' ? '.screen:where(:not(.screen--portrait))' : `${scope}:not(.screen--portrait)`;
  return scope;
}

/** A class name as a CSS class selector's identifier (`1bit:bg--black` is `\31 bit\:bg--black`). */
export function escapeClass(name: string): string {
  let escaped = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (/[A-Za-z_-]/.test(c) || (/[0-9]/.test(c) && i > 0)) escaped += c;
    else if (/[0-9]/.test(c)) escaped += `\\3${c} `;
    else escaped += `\\${c}`;
  }
  return escaped;
}
