/**
 * A QR code's modules: the function patterns (finders, timing, alignment, format and version information),
 * the codewords in their zigzag, and the mask of least penalty (ISO/IEC 18004, model 2).
 */

class QrSymbol {
  readonly size: number;
  readonly dark: boolean[][];
  readonly reserved: boolean[][];

  constructor(version: number) {
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
  }

  /** A function module at column x, row y. */
  fix(x: number, y: number, dark: boolean): void {
    this.dark[y][x] = dark;
    this.reserved[y][x] = true;
  }
}

function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let at = version * 4 + 10; positions.length < count; at -= step) positions.splice(1, 0, at);
  return positions;
}

function drawPatterns(symbol: QrSymbol, version: number): void {
  const { size } = symbol;
  for (let i = 0; i < size; i++) {
    symbol.fix(6, i, i % 2 === 0);
    symbol.fix(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) symbol.fix(x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cx, i) =>
    positions.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) symbol.fix(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }),
  );
  drawFormat(symbol, 0, 0); // reserves the places; drawn for real once the mask is chosen
  if (version >= 7) {
    let rem = version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      symbol.fix(a, b, dark);
      symbol.fix(b, a, dark);
    }
  }
}

function drawFormat(symbol: QrSymbol, levelBits: number, mask: number): void {
  const data = (levelBits << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const bit = (i: number): boolean => ((bits >>> i) & 1) === 1;
  const { size } = symbol;
  for (let i = 0; i <= 5; i++) symbol.fix(8, i, bit(i));
  symbol.fix(8, 7, bit(6));
  symbol.fix(8, 8, bit(7));
  symbol.fix(7, 8, bit(8));
  for (let i = 9; i < 15; i++) symbol.fix(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) symbol.fix(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) symbol.fix(8, size - 15 + i, bit(i));
  symbol.fix(8, size - 8, true);
}

function drawCodewords(symbol: QrSymbol, codewords: readonly number[]): void {
  const { size } = symbol;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vertical : vertical;
        if (symbol.reserved[y][x] || i >= codewords.length * 8) continue;
        symbol.dark[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function applyMask(symbol: QrSymbol, mask: number): void {
  for (let y = 0; y < symbol.size; y++) {
    for (let x = 0; x < symbol.size; x++) {
      if (!symbol.reserved[y][x] && MASKS[mask](x, y)) symbol.dark[y][x] = !symbol.dark[y][x];
    }
  }
}

const FINDER_LIKE = ['10111010000', '00001011101'];

/** The standard's penalty: long runs, 2x2 blocks, finder-like runs, and dark against light out of balance. */
function penalty(symbol: QrSymbol): number {
  const { size, dark } = symbol;
  const lines: string[] = [];
  for (let i = 0; i < size; i++) {
    lines.push(dark[i].map((d) => (d ? '1' : '0')).join(''));
    lines.push(dark.map((row) => (row[i] ? '1' : '0')).join(''));
  }
  let score = 0;
  for (const line of lines) {
    for (const run of line.match(/0{5,}|1{5,}/g) ?? []) score += 3 + run.length - 5;
    for (const pattern of FINDER_LIKE) {
      for (let at = line.indexOf(pattern); at !== -1; at = line.indexOf(pattern, at + 1)) score += 40;
    }
  }
  let darkCount = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (dark[y][x]) darkCount++;
      if (x < size - 1 && y < size - 1) {
        const colour = dark[y][x];
        if (colour === dark[y][x + 1] && colour === dark[y + 1][x] && colour === dark[y + 1][x + 1]) score += 3;
      }
    }
  }
  const total = size * size;
  return score + (Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1) * 10;
}

/** The code of `version` with its codewords placed and the best of the eight masks applied. */
export function drawSymbol(
  version: number,
  levelBits: number,
  codewords: readonly number[],
): { size: number; dark: boolean[][] } {
  const symbol = new QrSymbol(version);
  drawPatterns(symbol, version);
  drawCodewords(symbol, codewords);
  let best = 0;
  let bestPenalty = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    applyMask(symbol, mask);
    drawFormat(symbol, levelBits, mask);
    const score = penalty(symbol);
    if (score < bestPenalty) {
      bestPenalty = score;
      best = mask;
    }
    applyMask(symbol, mask);
  }
  applyMask(symbol, best);
  drawFormat(symbol, levelBits, best);
  return { size: symbol.size, dark: symbol.dark };
}
