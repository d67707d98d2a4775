/**
 * The WOFF2 faces kept in git (fonts/), which a fresh clone's build copies instead of compressing them again for
 * half a minute: listed with the inputs the build has now (fonts packages, characters, subsetter), whole, what the
 * subsetter makes of those inputs, and the faces the build wrote into dist/fonts/.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import subsetFont from 'subset-font';
import { KEPT, plannedFaces, readKeptList } from '../../scripts/fonts';
import { ROOT } from '../support/package-files';

interface KeptEntry {
  inputs: Record<string, string>;
  sha256: string;
}

const sha256 = (data: Buffer): string => crypto.createHash('sha256').update(data).digest('hex');
const STALE = 'run npm run build and commit fonts/';

describe('the WOFF2 faces kept in fonts/', function () {
  let planned: ReturnType<typeof plannedFaces>;
  let woff2Faces: ReturnType<typeof plannedFaces>[number]['faces'];
  let kept: Record<string, KeptEntry>;

  before(() => {
    planned = plannedFaces();
    woff2Faces = planned.flatMap(({ faces }) => faces.filter(({ inputs }) => inputs.format === 'woff2'));
    kept = readKeptList() as Record<string, KeptEntry>;
  });

  it('are listed with what the build makes them from now, so that a fresh clone takes them as they are', () => {
    expect(woff2Faces.length, 'WOFF2 faces the build makes').to.be.above(5);
    for (const { face, inputs } of woff2Faces) {
      expect(kept[face.file]?.inputs, `${face.file}: ${STALE}`).to.deep.equal(inputs);
    }
    expect(Object.keys(kept), `faces listed that the build no longer makes: ${STALE}`).to.have.members(
      woff2Faces.map(({ face }) => face.file),
    );
  });

  it('are whole: each file has the SHA-256 its entry names, and the folder holds nothing else', () => {
    for (const [file, entry] of Object.entries(kept)) {
      expect(sha256(fs.readFileSync(path.join(KEPT, file))), file).to.equal(entry.sha256);
    }
    expect(fs.readdirSync(KEPT)).to.have.members([...Object.keys(kept), 'subsets.json']);
  });

  it('are what the subsetter makes of their inputs (the Hebrew faces made again)', async () => {
    const hebrew = planned.find(({ family }) => family.name === 'Noto Sans Hebrew');
    expect(hebrew, 'the Hebrew family').to.not.equal(undefined);
    for (const { face, full } of hebrew?.faces ?? []) {
      const made = await subsetFont(full, hebrew?.wanted ?? '', { targetFormat: 'woff2' });
      expect(sha256(made), face.file).to.equal(kept[face.file].sha256);
    }
  });

  it('are the faces the build wrote into dist/fonts/', () => {
    for (const file of Object.keys(kept)) {
      const written = fs.readFileSync(path.join(ROOT, 'dist', 'fonts', file));
      expect(sha256(written), file).to.equal(kept[file].sha256);
    }
  });
});
