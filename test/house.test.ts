/**
 * The house as docs/design.md draws it is the code's: each picture of today's code there is what
 * scripts/house.js draws from the imports now. And neither the folders of the library nor those of the page renderer import each other in a loop.
 *
 * The page renderer's boundary between its two processes, read from the same imports (type imports too): what
 * Node-RED's process runs (../src/lib/render/node-red-process/) and what the drawing process runs
 * (../src/lib/render/drawing-process/) never import each other, and what both share (../src/lib/render/shared/)
 * imports neither, nor anything heavy.
 */
import fs from 'node:fs';
import { expect } from 'chai';
import { DESIGN, importGraph, loopsIn, refreshed } from '../scripts/house';

describe('the house in docs/design.md', function () {
  it('draws the folders and their imports as the code has them', function () {
    const written = fs.readFileSync(DESIGN, 'utf8');
    expect(written).to.include('<!-- house: src -->');
    expect(written).to.include('<!-- house: src/lib/render -->');
    expect(refreshed(written), 'the pictures differ from the code: node scripts/house.js --write').to.equal(written);
  });

  it('has no loop between the folders of the page renderer', function () {
    expect(loopsIn('src/lib/render')).to.deep.equal([]);
  });

  it('has no loop between the folders of the library', function () {
    expect(loopsIn('src/lib')).to.deep.equal([]);
  });
});

const RENDER = 'src/lib/render';
const NODE_RED_SIDE = `${RENDER}/node-red-process/`;
const DRAWING_SIDE = `${RENDER}/drawing-process/`;
const SHARED = `${RENDER}/shared/`;
/** What the nodes and library users import of the page renderer: Node-RED's side. */
const FACE = `${RENDER}/index.ts`;
/** Packages only the drawing process may load: the engine, native or WebAssembly. */
const ENGINE = /^@takumi-rs\//;
/** Packages too heavy for what both processes load. */
const HEAVY = /^(@takumi-rs\/|sharp$)/;

type Graph = ReturnType<typeof importGraph>;

function onNodeRedSide(file: string): boolean {
  return file === FACE || file.startsWith(NODE_RED_SIDE);
}

/** Each import of a file of `from` that names a file of `to`, as `file -> file`. */
function crossings(graph: Graph, from: (file: string) => boolean, to: (file: string) => boolean): string[] {
  return [...graph].flatMap(([file, imported]) =>
    from(file) ? imported.files.filter(to).map((target) => `${file} -> ${target}`) : [],
  );
}

/**
 * For each file of `from`, the first chain of imports by which it reaches a file of `to` or a package `forbidden`
 * holds, as `a -> b -> c` (one chain for each file or package reached).
 */
function reaches(
  graph: Graph,
  from: (file: string) => boolean,
  to: (file: string) => boolean,
  forbidden: RegExp,
): string[] {
  const found = new Map<string, string>();
  for (const start of [...graph.keys()].filter(from)) {
    const chain = new Map<string, string[]>([[start, [start]]]);
    const pending = [start];
    for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
      const imported = graph.get(file) ?? { files: [], packages: [] };
      const path = chain.get(file) as string[];
      for (const name of imported.packages.filter((name) => forbidden.test(name))) {
        if (!found.has(name)) found.set(name, [...path, name].join(' -> '));
      }
      for (const target of imported.files) {
        if (chain.has(target)) continue;
        chain.set(target, [...path, target]);
        if (to(target) && !found.has(target)) found.set(target, [...path, target].join(' -> '));
        pending.push(target);
      }
    }
  }
  return [...found.values()];
}

describe('the drawing boundary of the page renderer', function () {
  const graph = importGraph();
  const renderFiles = [...graph.keys()].filter((file) => file.startsWith(`${RENDER}/`));

  it('puts each file on one side of it, in shared/, or in the face (index.ts)', function () {
    expect(renderFiles.length, 'the page renderer read').to.be.above(40);
    const elsewhere = renderFiles.filter(
      (file) => !onNodeRedSide(file) && !file.startsWith(DRAWING_SIDE) && !file.startsWith(SHARED),
    );
    expect(elsewhere, 'files on no side').to.deep.equal([]);
  });

  it("keeps Node-RED's side from importing the drawing side, type imports too", function () {
    expect(crossings(graph, onNodeRedSide, (file) => file.startsWith(DRAWING_SIDE))).to.deep.equal([]);
  });

  it("keeps the drawing side from importing Node-RED's side, type imports too", function () {
    expect(crossings(graph, (file) => file.startsWith(DRAWING_SIDE), onNodeRedSide)).to.deep.equal([]);
  });

  it('keeps shared/ from importing either side', function () {
    const sides = (file: string): boolean => onNodeRedSide(file) || file.startsWith(DRAWING_SIDE);
    expect(crossings(graph, (file) => file.startsWith(SHARED), sides)).to.deep.equal([]);
  });

  it('keeps shared/ light: nothing it reaches loads Takumi or sharp', function () {
    expect(reaches(graph, (file) => file.startsWith(SHARED), none, HEAVY)).to.deep.equal([]);
  });

  it("keeps the drawing process's code and Takumi out of everything Node-RED's process loads", function () {
    // Every file of src/ but the drawing side: the nodes, the runtime and the library, the renderer's face.
    const loaded = (file: string): boolean => !file.startsWith(DRAWING_SIDE);
    expect(reaches(graph, loaded, (file) => file.startsWith(DRAWING_SIDE), ENGINE)).to.deep.equal([]);
  });

  it("keeps Node-RED's side out of everything the drawing process loads", function () {
    expect(reaches(graph, (file) => file.startsWith(DRAWING_SIDE), onNodeRedSide, /^$/)).to.deep.equal([]);
  });

  it('names the import that crosses, where one does', function () {
    // The rules above, held against the house with one type import from Node-RED's side into the drawing side.
    const renderer = `${NODE_RED_SIDE}page-renderer.ts`;
    const tree = `${DRAWING_SIDE}tree/page-tree.ts`;
    const imported = graph.get(renderer);
    expect(imported, renderer).to.not.equal(undefined);
    expect(graph.has(tree), tree).to.equal(true);
    const broken: Graph = new Map(graph);
    broken.set(renderer, { files: [...(imported?.files ?? []), tree], packages: imported?.packages ?? [] });
    const drawingSide = (file: string): boolean => file.startsWith(DRAWING_SIDE);
    expect(crossings(broken, onNodeRedSide, drawingSide)).to.deep.equal([`${renderer} -> ${tree}`]);
    expect(reaches(broken, (file) => file === FACE, drawingSide, /^$/)).to.include(`${FACE} -> ${renderer} -> ${tree}`);
  });
});

function none(): boolean {
  return false;
}
