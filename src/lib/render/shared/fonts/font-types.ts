/**
 * The fonts of a page as the renderer's parts pass them, in either process (no Node.js in here: the editor's code
 * checks with ../page-options.ts).
 */

/** A face the engine is given, once, under `name`. */
export interface FontFace {
  /** The family name the engine knows it by. */
  name: string;
  weight: number;
  style: 'normal' | 'italic';
  /** What identifies it among the faces an engine has loaded. */
  key: string;
  /** Its bytes, read when the engine needs it. */
  load(): Promise<Uint8Array>;
}

/** A family a page may draw with: its name for the engine, its characters and its faces. */
export interface FontFamily {
  name: string;
  /** The characters it has glyphs for. */
  coverage: { has(code: number): boolean };
  faces: readonly FontFace[];
}

/** A node's own fonts (../../node-red-process/fonts/own-fonts): each family under a name of its own, with the name templates use. */
export interface OwnFonts {
  families: readonly (FontFamily & { cssName: string })[];
  /** What identifies these fonts: a digest of their files. */
  key: string;
  /** The fonts as read once, at deploy: what a drawing process is sent and makes the same fonts of (`ownFontsFrom`). */
  read: OwnFontsRead;
}

/** A node's own fonts as read from their files: plain data, which crosses to a drawing process as it is. */
export interface OwnFontsRead {
  key: string;
  families: readonly {
    name: string;
    cssName: string;
    /** The characters of its faces together, as `Coverage` keeps them. */
    ranges: Uint32Array;
    faces: readonly { key: string; weight: number; style: 'normal' | 'italic'; data: Uint8Array }[];
  }[];
}
