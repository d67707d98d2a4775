/**
 * The padding and border of an element, in pixels, from its declarations: what lies between the size CSS
 * gives it (Takumi, like the earlier engine, sizes the border box) and the box a picture is drawn in.
 */
import type { Declarations } from '../engine/drawing-engine';
import { cssPx } from './lengths';

export interface Edges {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

type Side = keyof Edges;
const BORDER_KEYWORDS: Record<string, number> = { thin: 1, medium: 3, thick: 5 };

function sideOf(name: string): Side {
  return name.toLowerCase() as Side;
}

function borderWidth(value: string): number | undefined {
  return BORDER_KEYWORDS[value.trim().toLowerCase()] ?? cssPx(value);
}

/** One to four values as top, right, bottom and left, as CSS spreads them. */
function fourSides(value: string, read: (part: string) => number | undefined): Edges | undefined {
  const parts = value.trim().split(/\s+/).map(read);
  if (parts.length > 4 || parts.some((part) => part === undefined)) return undefined;
  const [top, right = top, bottom = top, left = right] = parts as number[];
  return { top, right, bottom, left };
}

/** The width in a border shorthand (`2px solid black`): `none` is 0, a width in another unit unknown. */
function shorthandWidth(value: string): number | undefined {
  let width: number = BORDER_KEYWORDS.medium;
  for (const part of value.trim().split(/\s+(?![^(]*\))/)) {
    if (/^(none|hidden)$/i.test(part)) return 0;
    const read = borderWidth(part);
    if (read !== undefined) width = read;
    else if (/^[\d.]/.test(part)) return undefined;
  }
  return width;
}

function readPadding(edges: Edges, property: string, value: string): boolean {
  if (property === 'padding') {
    const all = fourSides(value, cssPx);
    if (all) Object.assign(edges, all);
    return all !== undefined;
  }
  const side = /^padding(Top|Right|Bottom|Left)$/.exec(property)?.[1];
  const read = side === undefined ? undefined : cssPx(value);
  if (side === undefined || read === undefined) return false;
  edges[sideOf(side)] = read;
  return true;
}

function readBorder(edges: Edges, property: string, value: string): boolean {
  if (/^border(Top|Right|Bottom|Left)?(Style|Color)$|Radius$/.test(property)) return true;
  let all: Edges | undefined;
  if (property === 'border') {
    const width = shorthandWidth(value);
    all = width === undefined ? undefined : { top: width, right: width, bottom: width, left: width };
  } else if (property === 'borderWidth') {
    all = fourSides(value, borderWidth);
  } else {
    const found = /^border(Top|Right|Bottom|Left)(Width)?$/.exec(property);
    const read = found && (found[2] ? borderWidth(value) : shorthandWidth(value));
    if (!found || read === undefined || read === null) return false;
    edges[sideOf(found[1])] = read;
    return true;
  }
  if (all) Object.assign(edges, all);
  return all !== undefined;
}

/** Padding plus border on each side, in px; undefined when one of them is not given in px. */
export function boxEdges(style: Declarations): Edges | undefined {
  const padding: Edges = { top: 0, right: 0, bottom: 0, left: 0 };
  const border: Edges = { top: 0, right: 0, bottom: 0, left: 0 };
  // In written order: a later declaration wins, as in CSS.
  for (const [property, value] of Object.entries(style)) {
    if (property.startsWith('padding') && !readPadding(padding, property, value)) return undefined;
    if (property.startsWith('border') && !readBorder(border, property, value)) return undefined;
  }
  return {
    top: padding.top + border.top,
    right: padding.right + border.right,
    bottom: padding.bottom + border.bottom,
    left: padding.left + border.left,
  };
}
