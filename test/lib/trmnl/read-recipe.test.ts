// Reading a TRMNL recipe (src/lib/trmnl/read, settings.ts): from a folder as its repository holds it, from the
// src folder itself, from a zip TRMNL exports (made here with fflate from a fixture), from pasted markup; its
// settings.yml typed; every failure an error naming the file (and the line and column of a YAML error).

import { expect } from 'chai';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import {
  RecipeError,
  readRecipe,
  readRecipeFolder,
  readRecipeZip,
  recipeFromText,
  recipeViews,
  type Recipe,
} from '../../../dist/lib/trmnl';
import { recipeDir, recipeZip } from '../../fixtures/trmnl';

async function refused(read: () => unknown): Promise<RecipeError> {
  try {
    await read();
  } catch (error) {
    expect(error).to.be.instanceOf(RecipeError);
    return error as RecipeError;
  }
  throw new Error('the recipe was read');
}

describe('TRMNL recipes: reading', () => {
  let scratch: string;

  before(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'trmnl-recipe-'));
  });

  after(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function folderOf(files: Record<string, string>): Promise<string> {
    const folder = await mkdtemp(path.join(scratch, 'recipe-'));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
      await writeFile(path.join(folder, name), text);
    }
    return folder;
  }

  function expectTideRecipe(recipe: Recipe): void {
    expect(recipeViews(recipe)).to.deep.equal(['full', 'half_horizontal', 'half_vertical', 'quadrant']);
    expect(recipe.shared?.name).to.equal('shared.liquid');
    expect(recipe.views.full?.name).to.equal('full.liquid');
    expect(recipe.views.full?.text).to.include('tide');
    expect(recipe.settings.name).to.equal('Upcoming Tides (NOAA)');
  }

  it('reads a folder as its repository holds it (src/settings.yml, src/*.liquid)', async () => {
    const recipe = await readRecipeFolder(recipeDir('noaa-tides'));
    expectTideRecipe(recipe);
    expect(recipe.origin).to.equal(path.join(recipeDir('noaa-tides'), 'src'));
    expect(recipe.warnings).to.deep.equal([]);
  });

  it('reads the src folder itself, and readRecipe tells a folder from a zip', async () => {
    expectTideRecipe(await readRecipeFolder(path.join(recipeDir('noaa-tides'), 'src')));
    expectTideRecipe(await readRecipe(recipeDir('noaa-tides')));
    const zipFile = path.join(scratch, 'noaa-tides.zip');
    await writeFile(zipFile, recipeZip('noaa-tides'));
    const fromZip = await readRecipe(zipFile);
    expectTideRecipe(fromZip);
    expect(fromZip.origin).to.equal('noaa-tides.zip');
  });

  it('reads a zip exported from TRMNL (the files flat), and one that holds them in a folder', () => {
    const flat = readRecipeZip(recipeZip('blueset-tatoeba'), 'tatoeba.zip');
    expect(recipeViews(flat)).to.have.length(4);
    expect(flat.settings.name).to.equal('Language Learning: Sentences');
    const folder = readRecipeZip(recipeZip('blueset-tatoeba', 'tatoeba/src/'), 'tatoeba.zip');
    expect(folder.origin).to.equal('tatoeba.zip (tatoeba/src)');
    expect(folder.views.full?.text).to.equal(flat.views.full?.text);
    expect(folder.settings.raw).to.deep.equal(flat.settings.raw);
  });

  it('reads pasted markup: one view (drawn at every size) or several, with settings.yml or without', () => {
    const one = recipeFromText({ markup: '<p>{{ greeting }}</p>' });
    expect(recipeViews(one)).to.deep.equal(['full']);
    expect(one.views.full?.name).to.equal('markup');
    expect(one.settings.strategy).to.equal('polling');
    expect(one.warnings).to.deep.equal([]);

    const several = recipeFromText({
      markup: { full: 'F', quadrant: 'Q', shared: '{% assign x = 1 %}', half_vertical: '  ' },
      settings: 'strategy: static\nstatic_data: \'{"greeting": "hi"}\'\nname: Pasted\n',
    });
    expect(recipeViews(several)).to.deep.equal(['full', 'quadrant']);
    expect(several.shared?.text).to.equal('{% assign x = 1 %}');
    expect(several.settings).to.include({ strategy: 'static', name: 'Pasted' });
    expect(several.settings.staticData).to.deep.equal({ greeting: 'hi' });
  });

  it('types settings.yml: strategy, polling, custom fields with their options, framework, dark mode, padding', () => {
    const recipe = recipeFromText({
      markup: 'x',
      settings: [
        'strategy: polling',
        'polling_url: |-',
        '  https://a.example/{{ city }}',
        '  https://b.example/',
        'polling_verb: post',
        "polling_headers: 'Authorization=Bearer {{ key }}&x=1'",
        'dark_mode: yes',
        "no_screen_padding: 'yes'",
        'framework_version: 3.1',
        'refresh_interval: 15',
        'custom_fields:',
        '- keyname: city',
        '  field_type: select',
        '  name: City',
        '  description: Where',
        '  default: Paris',
        '  options:',
        '  - Paris',
        '  - Tokyo: tyo',
        '  - 42',
        '- keyname: tags',
        '  field_type: select',
        '  name: Tags',
        '  multiple: true',
        '  optional: true',
        '  placeholder: pick some',
        '  default: [a, b]',
        '- keyname: key',
        '  field_type: password',
        '  name: API key',
        '- keyname: since',
        '  field_type: date',
        '  name: Since',
        '  default: 2025-01-11',
      ].join('\n'),
    });
    const { settings } = recipe;
    expect(settings).to.include({
      strategy: 'polling',
      pollingVerb: 'POST',
      pollingHeaders: 'Authorization=Bearer {{ key }}&x=1',
      darkMode: true,
      noScreenPadding: true,
      frameworkVersion: '3.1',
      refreshInterval: 15,
    });
    expect(settings.pollingUrl).to.equal('https://a.example/{{ city }}\nhttps://b.example/');
    const [city, tags, key, since] = settings.customFields;
    expect(city).to.deep.include({
      keyname: 'city',
      fieldType: 'select',
      name: 'City',
      description: 'Where',
      default: 'Paris',
    });
    expect(city.options).to.deep.equal([
      { label: 'Paris', value: 'Paris' },
      { label: 'Tokyo', value: 'tyo' },
      { label: '42', value: '42' },
    ]);
    expect(tags).to.deep.include({ multiple: true, optional: true, placeholder: 'pick some', default: ['a', 'b'] });
    expect(key).to.deep.include({ fieldType: 'password', optional: false });
    expect(since.default).to.equal('2025-01-11');
    expect(recipe.warnings).to.deep.equal([]);
  });

  it('reads the values settings.yml gives as TRMNL stores them: times, lists, hashes, empty texts taken as unset', () => {
    const recipe = recipeFromText({
      markup: 'x',
      settings: [
        'name: 42',
        "strategy: ''",
        "polling_verb: ''",
        "framework_version: ''",
        "static_data: '  '",
        'refresh_interval: soon',
        'custom_fields:',
        '- just a text',
        '- keyname: since',
        '  default: 2025-01-11 10:15:00',
        '  options:',
        '  - 2025-01-11',
        '  - Both: [1, 2]',
        '  - true',
        '- keyname: where',
        '  field_type: string',
        '  name: Where',
        '  default: { city: Paris, zip: 75001 }',
      ].join('\n'),
    });
    const { settings } = recipe;
    expect(settings).to.include({ name: '42', strategy: 'polling', pollingVerb: 'GET', frameworkVersion: 'latest' });
    expect(settings.staticData).to.equal(undefined);
    expect(settings.refreshInterval).to.equal(undefined);
    const [since, where] = settings.customFields;
    expect(since).to.deep.include({
      keyname: 'since',
      name: 'since',
      fieldType: 'string',
      default: '2025-01-11T10:15:00.000Z',
    });
    expect(since.options).to.deep.equal([
      { label: '2025-01-11', value: '2025-01-11' },
      { label: 'Both', value: '["1","2"]' },
      { label: 'true', value: 'true' },
    ]);
    expect(where.default).to.deep.equal({ city: 'Paris', zip: '75001' });
    expect(recipe.warnings).to.deep.equal([
      'settings.yml: custom field 1 is not a mapping; it is left out',
      'settings.yml: custom field 2 has no field_type',
      'settings.yml: custom field 2 has no name',
    ]);
    const listed = recipeFromText({ markup: 'x', settings: 'custom_fields: none\nstatic_data: { a: 1 }' });
    expect(listed.warnings).to.deep.equal([
      'settings.yml: custom_fields is not a list; the recipe has no custom fields',
    ]);
    expect(listed.settings.staticData).to.deep.equal({ a: 1 });
    expect(() => recipeFromText({ markup: 'x', settings: '- a\n- b' })).to.throw(
      'the settings are not a mapping of names to values',
    );
  });

  it('reads settings.yml as Ruby does: a key written twice keeps its last value, unquoted no is false', async () => {
    const recipe = await readRecipeFolder(recipeDir('blueset-random-mdn-article'));
    expect(recipe.settings.pollingUrl).to.equal('https://trmnl.1a23.workers.dev/mdn');
    expect((recipe.settings.staticData as { title: string }).title).to.equal('Temporal.ZonedDateTime.prototype.hour');
    expect(recipeFromText({ markup: 'x', settings: 'dark_mode: no' }).settings.darkMode).to.equal(false);
  });

  it('warns of what TRMNL would not accept or what is not used, and reads on', async () => {
    const folder = await folderOf({
      'src/full.liquid': 'x',
      'src/extra.liquid': 'y',
      'src/transform.py': 'def transform(x): return x',
      'src/settings.yml': 'custom_fields:\n- keyname: a\n  field_type: slider\n- name: no key\n  field_type: string\n',
    });
    const recipe = await readRecipeFolder(folder);
    expect(recipeViews(recipe)).to.deep.equal(['full']);
    expect(recipe.warnings).to.have.members([
      'settings.yml: custom field 1 has no name',
      'settings.yml: custom field 1 has the unknown field_type "slider"',
      'settings.yml: custom field 2 has no keyname',
      'extra.liquid is not a view TRMNL draws: it is not used',
      'transform.py is a serverless transform of the polled data: it is not run here (shape the data in the flow)',
    ]);
    const bare = await readRecipeFolder(await folderOf({ 'quadrant.liquid': 'q' }));
    expect(bare.warnings[0]).to.match(/has no settings\.yml: the recipe has TRMNL's default settings$/);
  });

  it('a YAML error names settings.yml, its line and column', async () => {
    const error = await refused(() =>
      recipeFromText({ markup: 'x', settings: 'name: ok\ncustom_fields:\n  - keyname: [a\n' }),
    );
    expect(error.message).to.match(/^recipe: settings\.yml line \d+, column \d+: not valid YAML: /);
    expect(error).to.include({ file: 'settings.yml', kind: 'validation', field: 'recipe' });
    expect(error.line).to.be.within(3, 4);

    const folder = await folderOf({ 'src/full.liquid': 'x', 'src/settings.yml': 'name: x\nb: [1, 2\nc: 3\n' });
    const fromFolder = await refused(() => readRecipeFolder(folder));
    expect(fromFolder).to.include({ file: 'settings.yml', line: 3, column: 1 });
  });

  it('refuses, naming the file: no views, static_data that is not JSON, a folder or zip that cannot be read', async () => {
    const empty = await folderOf({ 'src/settings.yml': 'name: nothing' });
    expect((await refused(() => readRecipeFolder(empty))).message).to.match(
      /no view found: a recipe has full\.liquid, /,
    );
    const badStatic = await refused(() => recipeFromText({ markup: 'x', settings: "static_data: '{not json'" }));
    expect(badStatic.message).to.match(/^recipe: settings\.yml: static_data is not valid JSON/);
    const missing = path.join(scratch, 'no-such-recipe');
    expect((await refused(() => readRecipe(missing))).message).to.equal(`recipe: ${missing}: cannot be read (ENOENT)`);
    const notZip = path.join(scratch, 'not.zip');
    await writeFile(notZip, 'plain text');
    expect((await refused(() => readRecipe(notZip))).message).to.match(
      /^recipe: not\.zip: is not a zip file that can be read/,
    );
    const noViews = readRecipeZip.bind(null, zipSync({ 'README.md': new TextEncoder().encode('hi') }), 'empty.zip');
    expect((await refused(noViews)).message).to.match(/^recipe: empty\.zip: no view found/);
    expect((await refused(() => recipeFromText({ markup: { sidebar: 'x' } as never }))).message).to.match(
      /"sidebar" is not a view/,
    );
  });
});
