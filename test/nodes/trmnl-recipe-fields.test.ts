/**
 * The TRMNL recipe dialog's admin endpoint, through Node-RED's admin API under adminAuth: it reads a recipe folder,
 * an export zip (a path relative to the user directory) or pasted settings.yml and answers the custom fields as
 * settings.yml writes them, never a password field's default; a path that cannot be read is a 400 naming the
 * recipe's field and the place; a user who may only read flows is refused.
 */
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { NodeRedServer } from '../support/node-red-server';
import { recipeDir, recipeZip } from '../fixtures/trmnl';

const FIELDS = 'device-cloud/trmnl-recipe/fields';
const PASSWORD = 'secret-pass';
/** PASSWORD as adminAuth wants it: its bcrypt hash (4 rounds, quick to check). */
const PASSWORD_HASH = '$2b$04$krMuB0Ns7/tN/bLcRa7JQOiSRMh2X.2OTECGMMMAERCAmUTfMcOt.';
const DEFAULT_KEY = 'default-key-never-sent';
const PASTED_SETTINGS = `name: Pasted
strategy: polling
polling_url: https://example.org/{{ city }}
custom_fields:
- keyname: city
  field_type: string
  name: City
  default: Berlin
- keyname: api_key
  field_type: password
  name: API key
  default: ${DEFAULT_KEY}
`;

interface Answer {
  status?: number;
  body: unknown;
}
interface Outline {
  name?: string;
  views: string[];
  fields: { keyname: string; fieldType: string; name: string; optional: boolean; default?: unknown }[];
  pollingUrl: string;
  warnings: string[];
}

describe('the TRMNL recipe dialog endpoint: a recipe read for its form', function () {
  this.timeout(60_000);
  let server: NodeRedServer;
  const tokens: Record<string, string> = {};

  before(async function () {
    server = await NodeRedServer.start({
      settings: {
        adminAuth: {
          type: 'credentials',
          users: [
            { username: 'admin', password: PASSWORD_HASH, permissions: '*' },
            { username: 'viewer', password: PASSWORD_HASH, permissions: 'read' },
          ],
        },
      },
    });
    for (const username of ['admin', 'viewer']) {
      const { status, body } = await server.request('POST', 'auth/token', {
        body: { client_id: 'node-red-editor', grant_type: 'password', scope: '', username, password: PASSWORD },
      });
      expect(status, `sign-in of ${username}`).to.equal(200);
      tokens[username] = (body as { access_token: string }).access_token;
    }
    fs.mkdirSync(path.join(server.userDir, 'recipes'));
    fs.writeFileSync(path.join(server.userDir, 'recipes', 'bne-bin.zip'), recipeZip('bne-bin'));
  });

  after(() => server?.stop());

  const ask = (body: unknown, user = 'admin'): Promise<Answer> =>
    server.request('POST', FIELDS, { body, headers: { authorization: `Bearer ${tokens[user]}` } });

  /** The custom fields as settings.yml writes them, read with the YAML library alone. */
  function writtenFields(recipe: string): { keyname: string; field_type: string; name: string; optional?: boolean }[] {
    const settings = parse(fs.readFileSync(path.join(recipeDir(recipe), 'src', 'settings.yml'), 'utf8')) as {
      custom_fields: { keyname: string; field_type: string; name: string; optional?: boolean }[];
    };
    return settings.custom_fields;
  }

  function expectFieldsOf(outline: Outline, recipe: string): void {
    expect(
      outline.fields.map(({ keyname, fieldType, name, optional }) => ({ keyname, fieldType, name, optional })),
    ).to.deep.equal(
      writtenFields(recipe).map((field) => ({
        keyname: field.keyname,
        fieldType: field.field_type,
        name: field.name,
        optional: field.optional === true,
      })),
    );
  }

  it('reads a recipe folder at a full path: its name, its views and its custom fields as settings.yml has them', async function () {
    const { status, body } = await ask({ recipe: recipeDir('bne-bin') });
    expect(status, JSON.stringify(body)).to.equal(200);
    const outline = body as Outline;
    expect(outline.name).to.equal('Brisbane Bin Collection');
    expect(outline.views).to.include('full');
    expectFieldsOf(outline, 'bne-bin');
    expect(outline.fields.find((field) => field.keyname === 'include_green_waste')?.default).to.equal('yes');
    expect(outline.pollingUrl).to.match(/^https:\/\/data\.brisbane\.qld\.gov\.au\//);
  });

  it("reads an export zip by a path relative to Node-RED's user directory", async function () {
    const { status, body } = await ask({ recipe: 'recipes/bne-bin.zip' });
    expect(status, JSON.stringify(body)).to.equal(200);
    expectFieldsOf(body as Outline, 'bne-bin');
  });

  it("reads pasted settings.yml, and leaves a password field's default out of the answer", async function () {
    const { status, body } = await ask({ markup: '<div>{{ city }}</div>', settings: PASTED_SETTINGS });
    expect(status, JSON.stringify(body)).to.equal(200);
    const outline = body as Outline;
    expect(outline.fields.map((field) => [field.keyname, field.fieldType, field.default])).to.deep.equal([
      ['city', 'string', 'Berlin'],
      ['api_key', 'password', undefined],
    ]);
    expect(JSON.stringify(body)).not.to.include(DEFAULT_KEY);
    const beforeMarkup = await ask({ markup: '', settings: PASTED_SETTINGS });
    expect(beforeMarkup.status, 'settings pasted before the markup').to.equal(200);
    expect((beforeMarkup.body as Outline).fields.map((field) => field.keyname)).to.deep.equal(['city', 'api_key']);
  });

  it('answers 400 naming the recipe field and the place for a path that cannot be read, or settings that are not YAML', async function () {
    const missing = await ask({ recipe: 'recipes/no-such-recipe' });
    expect(missing.status).to.equal(400);
    expect(missing.body).to.deep.include({ field: 'recipe' });
    expect((missing.body as { error: string }).error).to.match(
      /^recipe: .*recipes\/no-such-recipe: cannot be read \(ENOENT\)$/,
    );
    const notYaml = await ask({ markup: 'x', settings: 'custom_fields: [unclosed' });
    expect(notYaml.status).to.equal(400);
    expect((notYaml.body as { error: string }).error).to.match(
      /^recipe: settings\.yml line \d+, column \d+: not valid YAML/,
    );
  });

  it('refuses a user who may only read the flows, and one not signed in', async function () {
    const viewer = await ask({ recipe: recipeDir('bne-bin') }, 'viewer');
    expect(viewer.status).to.equal(401);
    const nobody = await server.request('POST', FIELDS, { body: { recipe: recipeDir('bne-bin') } });
    expect(nobody.status).to.equal(401);
  });
});
