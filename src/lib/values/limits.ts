/** The limits of the specification (its section 8), and the guards we set where it names none. */
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
  /**
   * The specification sets no length for a to-do's title or description, so none is set here; what keeps
   * runaway input (a whole file passed by mistake) from going out is the size of the request's JSON body.
   */
  jsonRequestBytes: 1024 * 1024,
} as const;
