// Pages the budget tests feed the renderer: one that the size limits let through and that would draw for minutes
// (1999 small boxes, each with a wide blurred shadow: about 90 ms a box on the benchmark's machine), one whose
// drawing needs far more memory than a page may take (two blurs over a whole 4096 x 4096 page: about 350 MB),
// and quick pages a person can check: a black square where the message says.

import { PAGE_LIMITS } from '../../dist/lib/values/page-budget';

/** The runaway's boxes: one fewer than the limit, for the box that holds them. */
export const RUNAWAY_BOXES = PAGE_LIMITS.elements - 1;

export const RUNAWAY = {
  template:
    '<div style="display:flex;flex-wrap:wrap">' +
    '<div style="width:8px;height:8px;margin:1px;box-shadow:0 0 300px 100px black"></div>'.repeat(RUNAWAY_BOXES) +
    '</div>',
  width: 800,
  height: 480,
};

export const MEMORY_RUNAWAY = {
  template:
    '<div style="width:4096px;height:4096px;filter:blur(200px);background:red">' +
    '<div style="width:4096px;height:4096px;filter:blur(200px);background:blue">blur</div></div>',
  width: 4096,
  height: 4096,
};

/** A 100 x 100 black square `left` pixels from the left of a 400 x 300 page: quick to draw, easy to check. */
export function squareAt(left: number): { template: string; message: { payload: number } } {
  return {
    template: '<div style="margin-left:{{payload}}px;width:100px;height:100px;background:black"></div>',
    message: { payload: left },
  };
}

/** Whether a process of this id still runs. */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
