/**
 * `<img src="icon:NAME">`: a Material Design Icons icon by its name (every icon of the `@mdi/svg` package the
 * build took them from; `mdi:NAME`, as Home Assistant writes it, is the same), and `icon:weather:CONDITION`
 * for Home Assistant's weather conditions. The icon's path is read from the one file of dist/icons that holds
 * its name (scripts/icons.js), drawn by Takumi as an SVG on the 24 x 24 grid it was made for, scaled to the
 * img's box and filled with the img's CSS colour. The last names looked up are kept; nothing else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ICONS_DIR } from '../shipped-files';
import { ICON_FILES, iconFileName, iconFileOf } from './icon-files';

const REMEMBERED = 200;
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Home Assistant's weather conditions and the icons its own cards show for them. */
export const WEATHER_ICONS: Readonly<Record<string, string>> = {
  'clear-night': 'weather-night',
  cloudy: 'weather-cloudy',
  exceptional: 'alert-circle-outline',
  fog: 'weather-fog',
  hail: 'weather-hail',
  lightning: 'weather-lightning',
  'lightning-rainy': 'weather-lightning-rainy',
  partlycloudy: 'weather-partly-cloudy',
  pouring: 'weather-pouring',
  rainy: 'weather-rainy',
  snowy: 'weather-snowy',
  'snowy-rainy': 'weather-snowy-rainy',
  sunny: 'weather-sunny',
  windy: 'weather-windy',
  'windy-variant': 'weather-windy-variant',
};

const remembered = new Map<string, string | undefined>();

/** The line of `name` in its file: its path data, or `=` and the name it is an alias of. */
function lineOf(name: string): string | undefined {
  const text = readFileSync(join(ICONS_DIR, iconFileName(iconFileOf(name))), 'utf8');
  const start = text.indexOf(`\n${name} `);
  if (start === -1) return undefined;
  const from = start + name.length + 2;
  return text.slice(from, text.indexOf('\n', from));
}

/** The SVG path data of an icon (an alias followed), or undefined when the set has no such name. */
export function iconPath(name: string): string | undefined {
  if (!NAME.test(name)) return undefined;
  if (remembered.has(name)) return remembered.get(name);
  let line = lineOf(name);
  if (line?.startsWith('=')) line = lineOf(line.slice(1));
  if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  remembered.set(name, line);
  return line;
}

/** Why `src` (after `icon:`) names no icon, or its path data. */
export function lookUpIcon(spec: string): { path: string; name: string } | { problem: string } {
  const written = spec.trim();
  const weather = /^weather:(.*)$/i.exec(written);
  if (weather) {
    const condition = weather[1].trim().toLowerCase();
    const name = WEATHER_ICONS[condition];
    if (!name) {
      const known = Object.keys(WEATHER_ICONS).join(', ');
      return {
        problem: `${JSON.stringify(weather[1].trim())} is not a weather condition of Home Assistant (${known})`,
      };
    }
    return { path: iconPath(name) as string, name };
  }
  const name = written.replace(/^mdi:/i, '').toLowerCase();
  if (name === '') return { problem: 'icon: names no icon (icon:NAME, e.g. icon:thermometer)' };
  const path = iconPath(name);
  if (path === undefined) {
    const near = nearestName(name);
    const hint = near ? `; did you mean ${near}?` : '';
    return { problem: `Material Design Icons has no icon ${JSON.stringify(written)}${hint}` };
  }
  return { path, name };
}

/** The icon as an SVG picture of `colour`, its natural size 24 x 24. */
export function iconSvg(path: string, colour: string): string {
  const fill = colour.replace(/[<>"&]/g, '');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">' +
    `<path fill="${fill}" d="${path}"/></svg>`
  );
}

/** For an unknown name, the closest icon name (only when asked for one that does not exist: every file read). */
function nearestName(wanted: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (let file = 0; file < ICON_FILES; file++) {
    const text = readFileSync(join(ICONS_DIR, iconFileName(file)), 'utf8');
    for (const match of text.matchAll(/^([a-z0-9-]+) /gm)) {
      const name = match[1];
      if (Math.abs(name.length - wanted.length) > 3) continue;
      const distance = editDistance(wanted, name);
      if (!best || distance < best.distance) best = { name, distance };
    }
  }
  return best && best.distance <= Math.max(2, Math.floor(wanted.length / 4)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
