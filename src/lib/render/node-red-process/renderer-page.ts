/**
 * A page as its page renderer (./page-renderer) keeps it from its request to its outcome: what is drawn, its time
 * budget running from the request, where it is drawn, what its drawing process measured of it, how often a process
 * ended while it drew it, and its outcome, told once.
 */
import { performance } from 'node:perf_hooks';
import type { PageSize } from '../shared/budget-checks';
import type { PageOptions } from '../shared/page-options';
import type { TemplateMap } from '../shared/source-map';
import type { DrawingPlace, PlacedPage } from './drawing-place';

export interface RendererPage extends PlacedPage {
  readonly warn?: (text: string) => void;
  readonly budgetMs: number;
  /** Runs from the request: at its end, the page fails and its process is ended. */
  readonly deadline: NodeJS.Timeout;
  place?: DrawingPlace<RendererPage>;
  size?: PageSize;
  /** How often a process ended, for another page, while it drew this one. */
  moves: number;
  /** Its outcome is told (a page abandoned is told at once, and still watched while its process draws it). */
  told: boolean;
  /** Tells the outcome, once. */
  settle(outcome: Buffer | Error): void;
}

/**
 * A page to draw: `settled` is told its outcome once, when drawn, failed, stopped or abandoned; `overTime` is called
 * when its budget has run out.
 */
export function rendererPage(
  id: number,
  { html, map }: { html: string; map?: TemplateMap },
  options: PageOptions,
  budgetMs: number,
  warn: ((text: string) => void) | undefined,
  settled: (outcome: Buffer | Error) => void,
  overTime: (page: RendererPage) => void,
): RendererPage {
  const page: RendererPage = {
    id,
    html,
    ...(map ? { map } : {}),
    options,
    ...(warn ? { warn } : {}),
    budgetMs,
    deadline: setTimeout(() => overTime(page), budgetMs),
    since: performance.now(),
    moves: 0,
    told: false,
    settle(outcome) {
      if (page.told) return;
      page.told = true;
      settled(outcome);
    },
  };
  page.deadline.unref();
  return page;
}

/**
 * The page a new drawing process draws when none waits for it. It loads every step of a page, QR code and chart
 * included, and the Latin outlines: the fonts of other scripts are loaded by the first page that has their
 * characters, never by the warm-up.
 */
export const WARM_UP: { html: string; options: PageOptions } = {
  html:
    '<div style="display:flex;flex-direction:column"><b>Warm-up 21.4 °C</b><span>Temperature, humidity, to do</span>' +
    '<img src="qr:warm-up" width="60" height="60"><img src="chart:line" data-values="1,3,2" width="60" height="20"></div>',
  options: { width: 400, height: 300, colors: 'bw', dither: 'none', layoutRules: 'flex' },
};
