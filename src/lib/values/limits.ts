/** The limits of the specification (its section 8) and the bound we set where it names none. */
export const LIMITS = {
  text: 5000,
  structuredTitle: 200,
  structuredBody: 5000,
  fontSizeMin: 12,
  fontSizeMax: 48,
  fontSizeDefault: 20,
  imagesPerPush: 5,
  imageBytes: 2 * 1024 * 1024,
  /** Our bound on a picture's or a drawn page's side, in pixels: far above any screen, far below what exhausts memory. */
  pictureSide: 4096,
  /** The specification sets no length for to-do titles and descriptions; this bound keeps runaway input out. */
  freeText: 10_000,
} as const;
