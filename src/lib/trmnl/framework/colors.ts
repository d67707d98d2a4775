/**
 * The framework's colour tokens (`black`, `white`, `gray-10` … `gray-75`, the legacy `gray-1` … `gray-7`, ten
 * hues with fourteen shades each, and the semantic `primary`, `success`, `error`, `warning`) and what a token
 * paints on a screen: a solid colour where the screen has it, else a dither pattern of the inks it has, as the
 * framework paints them (its `base/_screen-mode-vars.scss`).
 */
import { ditherTile, inkPixels } from './dither';
import type { Screen } from './screen';

/** The grayscale ramp (#000 to #fff in steps of #111) and the legacy shades that alias it. */
const GRAYS: Readonly<Record<string, number>> = {
  black: 0x00,
  'gray-10': 0x11,
  'gray-15': 0x22,
  'gray-20': 0x33,
  'gray-25': 0x44,
  'gray-30': 0x55,
  'gray-35': 0x66,
  'gray-40': 0x77,
  'gray-45': 0x88,
  'gray-50': 0x99,
  'gray-55': 0xaa,
  'gray-60': 0xbb,
  'gray-65': 0xcc,
  'gray-70': 0xdd,
  'gray-75': 0xee,
  white: 0xff,
  'gray-1': 0x11,
  'gray-2': 0x33,
  'gray-3': 0x55,
  'gray-4': 0x77,
  'gray-5': 0x99,
  'gray-6': 0xbb,
  'gray-7': 0xdd,
};

const HUES: Readonly<Record<string, number>> = {
  red: 0xff0000,
  orange: 0xff8000,
  yellow: 0xffff00,
  lime: 0x80ff00,
  green: 0x00ff00,
  cyan: 0x00ffff,
  blue: 0x0000ff,
  violet: 0x8000ff,
  purple: 0xff00ff,
  pink: 0xff0080,
};

export const SEMANTIC_HUES: Readonly<Record<string, string>> = {
  primary: 'blue',
  success: 'green',
  error: 'red',
  warning: 'orange',
};

const STEPS = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75];

/**
 * The gray a hue (then each of its shades, 10 to 75) is painted as on a screen without that hue: the framework's
 * own table (`$color-to-gray-fallback`), as gray steps.
 */
const HUE_GRAYS: Readonly<Record<string, string>> = {
  red: '40 10 15 20 25 30 35 40 45 45 50 50 60 65 70',
  orange: '55 10 20 25 30 35 45 50 55 60 60 65 70 70 75',
  yellow: '60 15 25 35 45 50 55 55 60 65 65 70 70 75 75',
  lime: '60 15 25 30 40 50 55 55 60 65 65 70 70 75 75',
  green: '60 15 20 30 40 50 55 55 60 65 65 70 70 75 75',
  cyan: '60 15 25 30 40 50 55 55 60 65 65 70 70 75 75',
  blue: '25 10 10 15 15 20 20 25 30 30 35 45 55 60 70',
  violet: '35 10 10 15 20 25 25 30 35 40 45 50 55 65 70',
  purple: '45 10 15 20 25 35 40 45 50 50 55 55 60 65 75',
  pink: '40 10 15 20 25 30 35 40 45 45 50 55 60 65 75',
};

const TOKEN = /^(red|orange|yellow|lime|green|cyan|blue|violet|purple|pink)(?:-(\d\d))?$/;

/** Whether `token` names one of the framework's colours. */
export function isColorToken(token: string): boolean {
  if (token in GRAYS || token in SEMANTIC_HUES) return true;
  const match = TOKEN.exec(token);
  return match !== null && (match[2] === undefined || STEPS.includes(Number(match[2])));
}

/**
 * A hue's shade: 10 to 40 darken the hue toward black (#22 … #ee of each channel), 45 to 75 tint it toward
 * white (#11 … #dd added to what each channel lacks).
 */
function shade(hue: number, step: number): number {
  const channels = [hue >> 16, (hue >> 8) & 0xff, hue & 0xff];
  const mixed =
    step <= 40
      ? channels.map((c) => Math.round((c * ((0x22 * (step - 5)) / 5)) / 255))
      : channels.map((c) => Math.round(c + ((255 - c) * (0x11 + (0x22 * (step - 45)) / 5)) / 255));
  return (mixed[0] << 16) | (mixed[1] << 8) | mixed[2];
}

function hex(rgb: number): string {
  return `#${rgb.toString(16).padStart(6, '0')}`;
}

/** The token's own colour, as #rrggbb. */
export function tokenHex(token: string): string {
  if (token in GRAYS) return hex(GRAYS[token] * 0x010101);
  const match = TOKEN.exec(SEMANTIC_HUES[token] ?? token);
  if (!match) throw new Error(`no colour token ${token}`);
  const base = HUES[match[1]];
  return hex(match[2] === undefined ? base : shade(base, Number(match[2])));
}

/** The gray a colour token is painted as where the screen shows no hue. */
function grayOf(token: string): string {
  if (token in GRAYS) return token;
  const match = TOKEN.exec(SEMANTIC_HUES[token] ?? token) as RegExpExecArray;
  const steps = HUE_GRAYS[match[1]].split(' ');
  return `gray-${match[2] === undefined ? steps[0] : steps[STEPS.indexOf(Number(match[2])) + 1]}`;
}

/** Dark mode's mirror of a token: black and white trade places, and so do gray-10 and gray-75, and so on. */
export function darkToken(token: string): string {
  if (token === 'black') return 'white';
  if (token === 'white') return 'black';
  const legacy = /^gray-([1-7])$/.exec(token);
  if (legacy) return `gray-${8 - Number(legacy[1])}`;
  const stepped = /^(.+)-(\d\d)$/.exec(token);
  if (stepped && STEPS.includes(Number(stepped[2]))) return `${stepped[1]}-${85 - Number(stepped[2])}`;
  return token;
}

/** A paint: a colour, and over it the dither tile that makes the tone (none where the colour is the tone). */
export interface Paint {
  color: string;
  image?: string;
}

const BWRY_INKS = [0x000000, 0xffffff, 0xff0000, 0xffff00];

function channels(rgb: number): number[] {
  return [rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff];
}

/** The tone as a mix of two inks: the ink under the tile, the ink of the tile and how many of 16 pixels. */
function inkMix(target: number, inks: readonly number[]): Paint {
  const want = channels(target);
  let best = { error: Infinity, paint: { color: hex(inks[0]) } as Paint };
  for (const under of inks) {
    for (const over of inks) {
      const [a, b] = [channels(under), channels(over)];
      for (let pixels = under === over ? 0 : 1; pixels <= (under === over ? 0 : 15); pixels++) {
        const error = want.reduce((sum, c, i) => sum + (c - (a[i] * (16 - pixels) + b[i] * pixels) / 16) ** 2, 0);
        if (error < best.error - 1e-9)
          best = {
            error,
            paint: pixels === 0 ? { color: hex(under) } : { color: hex(under), image: ditherTile(pixels, hex(over)) },
          };
      }
    }
  }
  return best.paint;
}

/** A gray level (0 to 255) on a screen of `levels` evenly spaced grays: solid, or a tile of the two around it. */
function grayPaint(level: number, levels: number): Paint {
  const step = 255 / (levels - 1);
  const below = Math.floor(level / step + 1e-9) * step;
  if (Math.abs(level - below) < 1e-6) return { color: hex(Math.round(below) * 0x010101) };
  const above = below + step;
  const pixels = inkPixels((above - level) / step);
  const light = hex(Math.round(above) * 0x010101);
  if (pixels === 0) return { color: light };
  return { color: light, image: ditherTile(pixels, hex(Math.round(below) * 0x010101)) };
}

/**
 * What `token` paints on the screen, as written (no dark-mode mirror): on 1-bit screens a gray is black dots on
 * white, on 2-bit screens a mix of the two of its four grays around it, on 4-bit screens every gray is solid;
 * a hue is painted as its gray, or on a black, white, red and yellow screen as a mix of those inks.
 */
export function rawPaint(token: string, screen: Screen): Paint {
  if (screen.inks === 'bwry' && !(token in GRAYS)) return inkMix(parseInt(tokenHex(token).slice(1), 16), BWRY_INKS);
  const level = GRAYS[grayOf(token)];
  return grayPaint(level, screen.bitDepth === 1 ? 2 : screen.bitDepth === 2 ? 4 : 16);
}

/** What a utility class's token paints: on a dark screen, its mirror. */
export function tokenPaint(token: string, screen: Screen): Paint {
  return rawPaint(screen.dark ? darkToken(token) : token, screen);
}
