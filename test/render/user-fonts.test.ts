// A user's own font, named by its CSS family: a monospaced font (Noto Sans Mono, from npm, and the host's Nimbus
// Mono PS where it is installed) draws "iiiiiiii" as wide as "MMMMMMMM", which no shipped font does. Checked in
// TrueType, OpenType (CFF), WOFF and WOFF2, on a host without fonts, with the native engine and the WebAssembly one.

import { expect } from 'chai';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { loadFontFiles, PageRenderer } from '../../dist/lib/render';
import { ownFontsFrom } from '../../dist/lib/render/shared/fonts/own-fonts-from';
import { DeviceCloudError } from '../../dist/lib/errors';
import { compact, inkBox, pixelsOf, readText } from './support';
import { canHideHostFonts, drawWithoutHostFonts, type PageAsked } from './without-host-fonts';

const MONO = join(__dirname, '..', '..', 'node_modules', '@fontsource', 'noto-sans-mono', 'files');
const HOST_OTF = '/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf';

function line(family: string, text: string): string {
  return `<div style="font-family:'${family}';font-size:40px;padding:10px;white-space:nowrap">${text}</div>`;
}

/** The ink widths of "iiiiiiii" and "MMMMMMMM" drawn in `family` with `fonts`. */
function widthPages(family: string, fonts: string[] | undefined): PageAsked[] {
  return ['iiiiiiii', 'MMMMMMMM'].map((text) => ({
    template: line(family, text),
    width: 500,
    height: 80,
    layoutRules: 'html',
    ...(fonts ? { fonts } : {}),
  }));
}

describe('render: a user’s own fonts', function () {
  this.timeout(120_000);
  let dir: string;
  const files: Record<string, string> = {};

  before(async function () {
    if (!canHideHostFonts()) this.skip(); // a private mount namespace needs root
    dir = mkdtempSync(join(tmpdir(), 'user-fonts-'));
    files.woff = join(MONO, 'noto-sans-mono-latin-400-normal.woff');
    files.woff2 = join(MONO, 'noto-sans-mono-latin-400-normal.woff2');
    files.ttf = join(dir, 'NotoSansMono.ttf');
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    writeFileSync(files.ttf, await subsetFont(readFileSync(files.woff2), ascii, { targetFormat: 'truetype' }));
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function widths(pages: PageAsked[], env: Record<string, string> = {}) {
    const drawn = await drawWithoutHostFonts(pages, env);
    for (const page of drawn) expect(page.error).to.equal(undefined);
    const boxes = await Promise.all(drawn.map(async (page) => inkBox(await pixelsOf(page.png))));
    return { widths: boxes.map((box) => box.right - box.left), warnings: drawn.flatMap((page) => page.warnings) };
  }

  for (const format of ['ttf', 'woff', 'woff2'] as const) {
    it(`draws with a ${format.toUpperCase()} file by its family name: "iiiiiiii" as wide as "MMMMMMMM"`, async () => {
      const {
        widths: [narrow, wide],
        warnings,
      } = await widths(widthPages('Noto Sans Mono', [files[format]]));
      expect(Math.abs(narrow - wide), `${narrow} and ${wide} px`).to.be.below(wide * 0.15);
      expect(warnings).to.deep.equal([]);
    });
  }

  it('reads a WOFF file under the WebAssembly engine too, which reads no WOFF itself', async () => {
    const {
      widths: [narrow, wide],
    } = await widths(widthPages('Noto Sans Mono', [files.woff]), {
      DEVICE_CLOUD_RENDER_ENGINE: 'webassembly',
    });
    expect(Math.abs(narrow - wide)).to.be.below(wide * 0.15);
  });

  it('draws with an OpenType (CFF) file, where the host has one to try', async function () {
    if (!existsSync(HOST_OTF)) this.skip();
    // Copied first: the host's font folder is hidden where the page is drawn.
    const copy = join(dir, 'NimbusMonoPS-Regular.otf');
    copyFileSync(HOST_OTF, copy);
    const {
      widths: [narrow, wide],
    } = await widths(widthPages('Nimbus Mono PS', [copy]));
    expect(Math.abs(narrow - wide)).to.be.below(wide * 0.15);
  });

  it('without the font, the page’s own fonts draw the text and a warning names the family', async () => {
    const {
      widths: [narrow, wide],
      warnings,
    } = await widths(widthPages('Noto Sans Mono', undefined));
    expect(wide, 'proportional: "M" is far wider than "i"').to.be.above(narrow * 2.5);
    expect(warnings[0]).to.match(/font-family "Noto Sans Mono" is no font of this page/);
  });

  it('draws what the font lacks with the shipped fonts: Chinese in a Latin-only font', async () => {
    const [page] = await drawWithoutHostFonts([
      {
        template: line('Noto Sans Mono', 'Mono 等宽字体'),
        width: 500,
        height: 80,
        layoutRules: 'html',
        fonts: [files.ttf],
      },
    ]);
    expect(page.warnings).to.deep.equal([]);
    const [text] = await readText([page.png]);
    expect(compact(text)).to.include('Mono等宽字体');
  });

  it('refuses a file that is missing or is no font, naming the setting and the file', () => {
    const notFont = join(dir, 'notes.ttf');
    writeFileSync(notFont, 'not a font at all, only text');
    const refusal = (names: string[]): DeviceCloudError => {
      try {
        loadFontFiles(names, dir);
      } catch (error) {
        return error as DeviceCloudError;
      }
      throw new Error('loaded');
    };
    expect(refusal(['missing.ttf']).message).to.equal(
      `fonts: missing.ttf cannot be read (no such file: ${join(dir, 'missing.ttf')})`,
    );
    expect(refusal(['notes.ttf']).message).to.equal(
      'fonts: notes.ttf is not a usable font: it is not a TrueType, OpenType, WOFF or WOFF2 font',
    );
    expect(refusal(['notes.txt']).field).to.equal('fonts');
  });

  it("draws in the drawing process with the fonts as Node-RED's process read them: their files are parsed once", async () => {
    // Read here, as a node reads its fonts at deploy; then the family renamed in what was read. A drawing process
    // that parsed the font again would know it only by the name inside the file.
    const read = loadFontFiles([files.woff2], dir).read;
    const renamed = {
      ...read,
      key: `${read.key} renamed`,
      families: read.families.map((family) => ({ ...family, cssName: 'Read Once' })),
    };
    const renderer = new PageRenderer();
    try {
      const warnings: string[] = [];
      const draw = (family: string, text: string) =>
        renderer.render({
          template: line(family, text),
          width: 500,
          height: 80,
          fonts: ownFontsFrom(renamed),
          warn: (warning) => warnings.push(warning),
        });
      const [narrow, wide] = await Promise.all(
        [await draw('Read Once', 'iiiiiiii'), await draw('Read Once', 'MMMMMMMM')].map(async (png) => {
          const box = inkBox(await pixelsOf(png));
          return box.right - box.left;
        }),
      );
      expect(Math.abs(narrow - wide), `${narrow} and ${wide} px: monospaced`).to.be.below(wide * 0.15);
      expect(warnings).to.deep.equal([]);
      await draw('Noto Sans Mono', 'iiiiiiii');
      expect(warnings.join('\n'), 'the name inside the file, unknown to the drawing process').to.match(
        /font-family "Noto Sans Mono" is no font of this page/,
      );
    } finally {
      await renderer.close();
    }
  });
});
