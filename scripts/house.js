'use strict';
/**
 * The structure of the code drawn from its own imports: which folder imports which, floor by floor (a folder
 * stands above every folder it imports), and the loops between folders, as a Mermaid flowchart that
 * docs/design.md holds. Each TypeScript file of src/ is read with TypeScript's own reader of imports (static,
 * type-only, `import()` and `require()` alike); an import of a package is not drawn.
 *
 *   node scripts/house.js [src]                the house: what lies in src/, and in src/lib/
 *   node scripts/house.js src/lib/render       one folder: what lies directly in it, a file or a folder each
 *   node scripts/house.js FOLDER --at COMMIT   the same, as the code stood at a commit
 *   node scripts/house.js --write              refreshes the pictures in docs/design.md that name today's code
 *
 * docs/design.md marks a picture `<!-- house: ARGUMENTS -->` ... `<!-- /house -->`; test/house.test.ts holds
 * those without `--at` to the code, and holds the drawing boundary of src/lib/render/ with what `importGraph`
 * reads.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');
const DESIGN = path.join(ROOT, 'docs', 'design.md');
const PICTURE = /<!-- house: ?(.*?) -->\n[\s\S]*?<!-- \/house -->/g;
const SOURCE = /\.m?ts$/;

/** The TypeScript files under src/, by their path from the root, with their text: today's, or at a commit. */
function sources(commit) {
  if (!commit) {
    const files = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (SOURCE.test(entry.name)) files.push(file);
      }
    };
    walk('src');
    return new Map(files.sort().map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]));
  }
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  const files = git('ls-tree', '-r', '--name-only', commit, 'src')
    .split('\n')
    .filter((file) => SOURCE.test(file));
  return new Map(files.map((file) => [file, git('show', `${commit}:${file}`)]));
}

/** The file a relative import names, as Node.js and TypeScript find it, or undefined. */
function resolve(files, from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.js$/, '');
  return ['.ts', '.mts', '/index.ts'].map((ending) => base + ending).find((file) => files.has(file));
}

/**
 * The room a file is in: the file or the folder directly in `place` that holds it (a file outside is in none).
 * The house (no place) is what lies directly in src/, but src/lib/ opened: what lies directly in it.
 */
function roomOf(file, place) {
  if (!place) return file.startsWith('src/lib/') ? `lib/${roomOf(file, 'src/lib')}` : roomOf(file, 'src');
  if (!file.startsWith(`${place}/`)) return undefined;
  const [first, ...rest] = file.slice(place.length + 1).split('/');
  return rest.length ? `${first}/` : first;
}

/**
 * What each TypeScript file of src/ imports, as TypeScript reads its imports (static, type-only, `import()` and
 * `require()` alike): the files of src/ it names, and the packages (and Node.js modules) it names.
 * @param {string} [commit]
 * @returns {Map<string, { files: string[], packages: string[] }>}
 */
function importGraph(commit) {
  const files = sources(commit);
  /** @type {Map<string, { files: string[], packages: string[] }>} */
  const graph = new Map();
  for (const [file, text] of files) {
    /** @type {{ files: string[], packages: string[] }} */
    const imported = { files: [], packages: [] };
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) imported.packages.push(fileName);
      else {
        const target = resolve(files, file, fileName);
        if (target) imported.files.push(target);
      }
    }
    graph.set(file, imported);
  }
  return graph;
}

/** The rooms (with how many files each holds) and the arrows between them (with how many imports each carries). */
function measure(place, commit) {
  const rooms = new Map();
  const arrows = new Map();
  for (const [file, imported] of importGraph(commit)) {
    const room = roomOf(file, place);
    if (!room) continue;
    rooms.set(room, (rooms.get(room) ?? 0) + 1);
    for (const target of imported.files) {
      const to = roomOf(target, place);
      if (!to || to === room) continue;
      const key = `${room}\0${to}`;
      arrows.set(key, (arrows.get(key) ?? 0) + 1);
    }
  }
  return { rooms, arrows: [...arrows].map(([key, count]) => [...key.split('\0'), count]) };
}

/** The loops between rooms (each a strongly connected set of two rooms or more), by Tarjan's algorithm. */
function loopsOf(rooms, arrows) {
  const next = new Map([...rooms.keys()].map((room) => [room, []]));
  for (const [from, to] of arrows) next.get(from).push(to);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const loops = [];
  let counter = 0;
  const visit = (room) => {
    index.set(room, counter);
    low.set(room, counter++);
    stack.push(room);
    for (const to of next.get(room)) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room), low.get(to)));
      } else if (stack.includes(to)) low.set(room, Math.min(low.get(room), index.get(to)));
    }
    if (low.get(room) === index.get(room)) {
      const loop = stack.splice(stack.indexOf(room));
      if (loop.length > 1) loops.push(loop.sort());
    }
  };
  for (const room of [...rooms.keys()].sort()) if (!index.has(room)) visit(room);
  return loops;
}

/** Each room's floor: 1 for a room that imports none of the others, else one above the highest it imports. */
function floorsOf(rooms, arrows, loops) {
  const groupOf = new Map([...rooms.keys()].map((room) => [room, [room]]));
  for (const loop of loops) for (const room of loop) groupOf.set(room, loop);
  const floors = new Map();
  const floor = (room) => {
    if (!floors.has(room)) {
      const group = groupOf.get(room);
      const below = arrows
        .filter(([from, to]) => group.includes(from) && !group.includes(to))
        .map(([, to]) => floor(to));
      const found = 1 + Math.max(0, ...below);
      for (const member of group) floors.set(member, found);
    }
    return floors.get(room);
  };
  for (const room of rooms.keys()) floor(room);
  return floors;
}

/**
 * The picture: a Mermaid flowchart, floor by floor from the top (each room, then the arrows that leave it), and
 * under it the loops, if any, in words. Names and arrows only: a picture that a change of size leaves as it is.
 */
function draw(place, commit) {
  const { rooms, arrows } = measure(place, commit);
  const loops = loopsOf(rooms, arrows);
  const floors = floorsOf(rooms, arrows, loops);
  const order = [...rooms.keys()].sort((a, b) => floors.get(b) - floors.get(a) || a.localeCompare(b));
  const id = (room) => room.replace(/\/$/, '').replace(/[^A-Za-z0-9]+/g, '_');
  const lines = ['```mermaid', 'flowchart TD'];
  for (const room of order) {
    if (floors.get(room) !== floors.get(order[order.indexOf(room) - 1])) lines.push(`  %% floor ${floors.get(room)}`);
    const leaving = arrows.filter(([from]) => from === room).map(([, to]) => to);
    lines.push(`  ${id(room)}["${room}"]`);
    for (const to of leaving.sort((a, b) => order.indexOf(a) - order.indexOf(b)))
      lines.push(`  ${id(room)} --> ${id(to)}`);
  }
  lines.push('```');
  const floorCount = Math.max(...floors.values());
  const summary = `${rooms.size} rooms on ${floorCount} floors, ${arrows.length} arrows`;
  const loopText = loops.map((loop) => loop.join(' ⇄ ')).join('; ');
  lines.push('', loops.length ? `${summary}; loops: ${loopText}.` : `${summary}; no loop.`);
  return lines.join('\n');
}

/** The arguments of a picture, as docs/design.md's marker gives them. */
function parse(args) {
  const at = args.indexOf('--at');
  const commit = at >= 0 ? args[at + 1] : undefined;
  const place = args.filter((arg, i) => !arg.startsWith('--') && (at < 0 || i !== at + 1))[0]?.replace(/\/$/, '');
  return { place: place === 'src' ? undefined : place, commit };
}

/** docs/design.md with each picture of today's code drawn anew (a picture `--at` a commit is kept). */
function refreshed(text) {
  return text.replace(PICTURE, (whole, args) => {
    const { place, commit } = parse(args.split(' ').filter(Boolean));
    return commit ? whole : `<!-- house: ${args} -->\n${draw(place)}\n<!-- /house -->`;
  });
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args.includes('--write')) fs.writeFileSync(DESIGN, refreshed(fs.readFileSync(DESIGN, 'utf8')));
  else {
    const { place, commit } = parse(args);
    console.log(draw(place, commit));
  }
}

/** The loops between the rooms of a place, today. */
function loopsIn(place) {
  const { rooms, arrows } = measure(place);
  return loopsOf(rooms, arrows);
}

module.exports = { draw, refreshed, loopsIn, importGraph, DESIGN };
