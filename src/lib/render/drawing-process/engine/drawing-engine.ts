/**
 * The drawing engine: Takumi, which lays out a tree of HTML-like nodes (CSS block, inline, flex and grid
 * layout, text shaped with the fonts it is given) and draws it to pixels, without a browser. Its native build
 * (`@takumi-rs/core`, an optional dependency with a binary per platform) draws off the event loop, on
 * Node.js's thread pool; where no binary loads (32-bit ARM, 32-bit Windows, a failed optional install), its
 * WebAssembly build (`@takumi-rs/wasm`) draws the same pages on the calling thread. It is loaded in the drawing
 * process (../main), never in Node-RED's own; the choice (../../shared/engine-choice) is made once per drawing
 * process.
 *
 * Nothing is fetched or read but the fonts given here: Takumi draws only pictures handed to it as data.
 */

import { ENGINE_SWITCH, type EngineChoice, type EngineKind } from '../../shared/engine-choice';
import type { FontFace } from '../../shared/fonts/font-types';

export type Declarations = Record<string, string>;

/** A node of the tree Takumi draws. */
export type TreeNode = ContainerNode | TextNode | ImageNode;

interface NodeBase {
  tagName?: string;
  /** The element's own declarations (its style attribute, and what our rules add). */
  style?: Declarations;
  /** Declarations below `style`: the element's defaults, as a browser's own style sheet gives them. */
  preset?: Declarations;
}

export interface ContainerNode extends NodeBase {
  type: 'container';
  children?: TreeNode[];
}

export interface TextNode extends NodeBase {
  type: 'text';
  text: string;
}

export interface ImageNode extends NodeBase {
  type: 'image';
  /** A data URL, or pixels drawn by us. */
  src: string | RgbaImage;
}

/** Straight (not premultiplied) RGBA, 4 bytes a pixel, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A box of the laid-out page, as Takumi's `measure` gives it. */
export interface MeasuredBox {
  width: number;
  height: number;
  transform: [number, number, number, number, number, number];
  children: MeasuredBox[];
  runs: { text: string; x: number; y: number; width: number; height: number }[];
}

interface RenderOptions {
  width: number;
  height: number;
  format?: 'raw';
}

/**
 * The part of Takumi's renderer (native or WebAssembly) we use. Its abort signal is not used: it stops a page
 * still waiting for a thread but not one being drawn, which would then go on unwatched after its page failed. A
 * page is ended by ending its drawing process.
 */
interface TakumiRenderer {
  registerFont(font: { name: string; data: Uint8Array; weight: number; style: string }): Promise<unknown>;
  render(node: TreeNode, options: RenderOptions): Promise<Uint8Array>;
  measure(node: TreeNode, options: RenderOptions): Promise<MeasuredBox>;
  free?(): void;
}

interface TakumiModule {
  Renderer: new (options?: { cacheMaxBytes?: number }) => TakumiRenderer;
  setGlyphCacheMaxBytes(bytes: number): void;
}

/**
 * Takumi keeps the glyphs it drew for the whole process (8 MiB by default). A page needs a few hundred
 * glyphs, a few kilobytes each: 2 MiB holds them, and a page is drawn as fast.
 */
const GLYPH_CACHE_BYTES = 2 * 1024 * 1024;

let chosen: { choice: EngineChoice; takumi: TakumiModule } | undefined;

/** The first line of a load failure: the native loader lists every path it tried below it. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0].slice(0, 300);
}

/** The systems Takumi publishes a native build for (glibc and musl alike on Linux). */
const NATIVE_BUILDS = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64', 'win32-arm64', 'win32-x64'];

function loadTakumi(): { choice: EngineChoice; takumi: TakumiModule } {
  const loaded = loadBuild();
  loaded.takumi.setGlyphCacheMaxBytes(GLYPH_CACHE_BYTES);
  return loaded;
}

function loadBuild(): { choice: EngineChoice; takumi: TakumiModule } {
  const system = `${process.platform}-${process.arch}`;
  let nativeProblem: string;
  if ((process.env[ENGINE_SWITCH] ?? '').trim().toLowerCase() === 'webassembly') {
    nativeProblem = `${ENGINE_SWITCH}=webassembly is set`;
  } else if (!NATIVE_BUILDS.includes(system)) {
    nativeProblem = `Takumi has no native build for ${system}`;
  } else {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at deploy, and may fail to load
      const takumi = require('@takumi-rs/core') as TakumiModule;
      return { choice: { kind: 'native' }, takumi };
    } catch (error) {
      nativeProblem = `its native build for ${system} did not load: ${firstLine(error)}`;
    }
  }
  let takumi: TakumiModule;
  try {
    // The package's Node.js entry compiles its WebAssembly file on require.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at deploy, where native is missing
    takumi = require('@takumi-rs/wasm/node') as TakumiModule;
  } catch (error) {
    throw new Error(`no drawing engine loads here: ${nativeProblem}; its WebAssembly build: ${firstLine(error)}`);
  }
  return { choice: { kind: 'webassembly', nativeProblem }, takumi };
}

/** Loads Takumi once per process: the native build, else the WebAssembly build. */
export function engineChoice(): EngineChoice {
  chosen ??= loadTakumi();
  return chosen.choice;
}

/** One renderer with the shipped fonts: what a page renderer draws with. */
export class DrawingEngine {
  readonly kind: EngineKind;
  private renderer: TakumiRenderer | undefined;
  private readonly faces = new Map<string, Promise<unknown>>();
  /** The faces loaded at the start are in (or one failed: then no page is drawn). */
  private starting: Promise<unknown> = Promise.resolve();

  private constructor(kind: EngineKind, renderer: TakumiRenderer) {
    this.kind = kind;
    this.renderer = renderer;
  }

  /**
   * A renderer of the chosen build, at once, with `faces` loading: their files are read on the thread pool while
   * the engine loads, and registered on the native build's threads while the first page is read. A page is
   * laid out or drawn once they are in.
   */
  static start(faces: readonly FontFace[]): DrawingEngine {
    const files = faces.map((face) => ({ face, data: face.load() }));
    // Each read is waited for below, once the engine is loaded: a failure is told to the pages then.
    for (const { data } of files) data.catch(() => undefined);
    const kind = engineChoice().kind;
    const { takumi } = chosen as { takumi: TakumiModule };
    // No cache of decoded pictures: a page's pictures are drawn once, and memory is given back at once.
    const engine = new DrawingEngine(kind, new takumi.Renderer({ cacheMaxBytes: 0 }));
    engine.starting = Promise.all(
      files.map(({ face, data }) =>
        engine.register(face, data).catch((error: unknown) => {
          throw new Error(`the font ${face.key} did not load: ${firstLine(error)}`);
        }),
      ),
    );
    engine.starting.catch(() => undefined);
    return engine;
  }

  /** The tree drawn on a `width` x `height` page, as straight RGBA. */
  async pixels(root: TreeNode, width: number, height: number): Promise<Uint8Array> {
    await this.starting;
    return this.live().render(root, { width, height, format: 'raw' });
  }

  /** The tree laid out on a `width` x `height` page: every box's size and place, without drawing. */
  async measure(root: TreeNode, width: number, height: number): Promise<MeasuredBox> {
    await this.starting;
    return this.live().measure(root, { width, height });
  }

  /**
   * Loads the faces a page needs that the engine does not have yet (the other shipped fonts, a node's own), all at
   * once: their files are read, and the native build unpacks and registers them, on the thread pool side by side.
   */
  async addFaces(faces: readonly FontFace[]): Promise<void> {
    await Promise.all(faces.map((face) => this.faces.get(face.key) ?? this.register(face, face.load())));
  }

  /** Registers `face` from its bytes once read, under its key (forgotten again if it fails, to be tried anew). */
  private register(face: FontFace, data: Promise<Uint8Array>): Promise<unknown> {
    const loading = data.then((bytes) =>
      this.live().registerFont({ name: face.name, data: bytes, weight: face.weight, style: face.style }),
    );
    this.faces.set(face.key, loading);
    loading.catch(() => this.faces.delete(face.key));
    return loading;
  }

  /** Lets go of the renderer (its fonts and caches); later calls fail. */
  close(): void {
    this.renderer?.free?.();
    this.renderer = undefined;
  }

  private live(): TakumiRenderer {
    if (!this.renderer) throw new Error('the drawing engine is closed');
    return this.renderer;
  }
}
