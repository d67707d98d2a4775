/**
 * The characters a font has glyphs for, as sorted ranges of code points: read from a font file's `cmap` in
 * Node-RED's process (../../node-red-process/fonts/font-file) and at build time, written as text for the
 * shipped fonts (dist/fonts/fonts.json), and asked character by character in the drawing process.
 */

/** A set of code points, as sorted inclusive ranges. */
export class Coverage {
  /** start, end, start, end, … ascending, not overlapping. */
  readonly ranges: Uint32Array;

  constructor(ranges: Uint32Array) {
    this.ranges = ranges;
  }

  /** From code points in any order. */
  static of(codePoints: Iterable<number>): Coverage {
    const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
    const ranges: number[] = [];
    for (const code of sorted) {
      if (ranges.length > 0 && ranges[ranges.length - 1] === code - 1) ranges[ranges.length - 1] = code;
      else ranges.push(code, code);
    }
    return new Coverage(Uint32Array.from(ranges));
  }

  /** From the compact text `toText` writes: runs of code points as base-36 gaps and lengths. */
  static fromText(text: string): Coverage {
    const numbers = text === '' ? [] : text.split(',').map((part) => parseInt(part, 36));
    const ranges = new Uint32Array(numbers.length);
    let at = 0;
    for (let i = 0; i < numbers.length; i += 2) {
      ranges[i] = at + numbers[i];
      ranges[i + 1] = ranges[i] + numbers[i + 1];
      at = ranges[i + 1] + 1;
    }
    return new Coverage(ranges);
  }

  /** The ranges as text: for each, the gap since the last one and its length less one, in base 36. */
  toText(): string {
    const parts: string[] = [];
    let at = 0;
    for (let i = 0; i < this.ranges.length; i += 2) {
      parts.push((this.ranges[i] - at).toString(36), (this.ranges[i + 1] - this.ranges[i]).toString(36));
      at = this.ranges[i + 1] + 1;
    }
    return parts.join(',');
  }

  has(code: number): boolean {
    let low = 0;
    let high = this.ranges.length / 2 - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (code < this.ranges[2 * middle]) high = middle - 1;
      else if (code > this.ranges[2 * middle + 1]) low = middle + 1;
      else return true;
    }
    return false;
  }

  get size(): number {
    let count = 0;
    for (let i = 0; i < this.ranges.length; i += 2) count += this.ranges[i + 1] - this.ranges[i] + 1;
    return count;
  }
}
