/**
 * The screen a TRMNL page is drawn for, as the framework sees it: its size class (`sm`, `md`, `lg`), its
 * orientation, its bit depth, its colours, dark mode and the font bundle. The generator resolves every
 * responsive prefix and every mode-dependent value for this one screen, so the page's CSS needs no media query
 * and no custom property at draw time.
 */

export type SizeClass = 'sm' | 'md' | 'lg';
export type Orientation = 'landscape' | 'portrait';
export type BitDepth = 1 | 2 | 4;
/** `grayscale`: black, white and the grays the bit depth has; `bwry`: the four inks black, white, red, yellow. */
export type Inks = 'grayscale' | 'bwry';
/**
 * The framework's font bundles: `trmnl` (TRMNL12/16/21, its default since 3.1) or `classic` (NicoClean,
 * NicoPups, BlockKie: the default of the releases before 3.1).
 */
export type FontBundle = 'trmnl' | 'classic';

export interface ScreenOptions {
  width: number;
  height: number;
  /** Grays the screen shows: 1 (black and white: grays are dither patterns), 2 (four grays) or 4 (sixteen). */
  bitDepth?: BitDepth;
  inks?: Inks;
  darkMode?: boolean;
  /** The recipe's `no_screen_padding`: the full view covers the whole screen. */
  noBleed?: boolean;
  fonts?: FontBundle;
  /** The size class, when it is not the one the screen's size gives. */
  sizeClass?: SizeClass;
}

export interface Screen {
  readonly width: number;
  readonly height: number;
  readonly size: SizeClass;
  readonly orientation: Orientation;
  readonly bitDepth: BitDepth;
  readonly inks: Inks;
  readonly dark: boolean;
  readonly noBleed: boolean;
  readonly fonts: FontBundle;
}

/**
 * TRMNL's device table gives `lg` to the screens whose longer side is 933 px or more (TRMNL X at 1040 x 780, the
 * Kindle Scribe at 992 x 744, the Boox Go 7 at 933 x 702) and `md` to the rest, small ones too (the original
 * TRMNL at 800 x 480, a Playdate at 400 x 240, a Mac Classic at 512 x 342). `sm` belongs to devices the table
 * names for their own density; it is chosen with `sizeClass`.
 */
const LARGE_FROM = 933;

export function resolveScreen(options: ScreenOptions): Screen {
  const { width, height } = options;
  return {
    width,
    height,
    size: options.sizeClass ?? (Math.max(width, height) >= LARGE_FROM ? 'lg' : 'md'),
    orientation: height > width ? 'portrait' : 'landscape',
    bitDepth: options.bitDepth ?? 1,
    inks: options.inks ?? 'grayscale',
    dark: options.darkMode ?? false,
    noBleed: options.noBleed ?? false,
    fonts: options.fonts ?? 'trmnl',
  };
}

/**
 * The classes of the page's `.screen` element. The generated rules scope prefixed classes (`lg:`, `portrait:`,
 * `1bit:`, `dark:`) by these, with the weight the framework gives them.
 */
export function screenClasses(screen: Screen): string[] {
  const classes = [
    'screen',
    `screen--${screen.size}`,
    `screen--${screen.orientation}`,
    `screen--${screen.bitDepth}bit`,
  ];
  if (screen.inks === 'bwry') classes.push('screen--color-4bwry');
  if (screen.dark) classes.push('screen--dark-mode');
  if (screen.noBleed) classes.push('screen--no-bleed');
  return classes;
}
