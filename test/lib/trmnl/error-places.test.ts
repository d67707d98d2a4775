// Errors in a recipe name the file the author wrote, its line and its column (src/lib/trmnl/compile.ts), also
// when shared.liquid is put before the view, as TRMNL does, and inside a {% template %} defined there.

import { expect } from 'chai';
import { RecipeError, compileRecipe, fillRecipe, recipeFromText } from '../../../dist/lib/trmnl';

/** A shared.liquid of 30 lines that defines a template on its lines 20 to 22. */
const SHARED = [
  ...Array.from({ length: 19 }, (_, line) => `<!-- shared line ${line + 1} -->`),
  '{% template row %}',
  '  <div>{{ label | upcase }}</div>',
  '  <div>{{ value | divided_by: 0 }}</div>{% endtemplate %}',
  ...Array.from({ length: 8 }, (_, line) => `<!-- shared line ${line + 23} -->`),
].join('\n');

/** A full.liquid of 14 lines whose line 12 holds `text` at column 5. */
function fullWith(text: string): string {
  const lines = Array.from({ length: 14 }, (_, line) => `<p>full line ${line + 1}</p>`);
  lines[11] = `    ${text}`;
  return lines.join('\n');
}

function compileError(markup: Record<string, string>): RecipeError {
  try {
    compileRecipe(recipeFromText({ markup }));
  } catch (error) {
    expect(error).to.be.instanceOf(RecipeError);
    return error as RecipeError;
  }
  throw new Error('the recipe compiled');
}

describe('TRMNL recipes: errors name the file, line and column the author wrote', () => {
  it('a Liquid syntax error in full.liquid line 12 column 5 says so, with shared.liquid before it', () => {
    const error = compileError({ shared: SHARED, full: fullWith('{% iff x %}') });
    expect(error.message).to.match(/^recipe: full\.liquid line 12, column 5: Liquid syntax error: tag "iff" not found/);
    expect(error).to.include({ file: 'full.liquid', line: 12, column: 5, kind: 'validation', field: 'recipe' });
  });

  it('and without shared.liquid, in another view, and for an output that never closes', () => {
    expect(compileError({ full: 'x', quadrant: fullWith('{% for x %}') })).to.include({
      file: 'quadrant.liquid',
      line: 12,
      column: 5,
    });
    const unclosed = compileError({ shared: SHARED, full: fullWith('{{ never closed') });
    expect(unclosed).to.include({ file: 'full.liquid', line: 12, column: 5 });
    expect(unclosed.message).to.match(/not closed/);
  });

  it('a block never closed is named where it opens', () => {
    expect(compileError({ shared: SHARED, full: fullWith('{% if a %}') })).to.include({
      file: 'full.liquid',
      line: 12,
      column: 5,
    });
    expect(compileError({ shared: SHARED, full: fullWith('{% template t %}never ended') }).message).to.match(
      /^recipe: full\.liquid line 12, column 5: Liquid syntax error: \{% template t %\} is never closed/,
    );
  });

  it('an error in shared.liquid, also inside a template it defines, names shared.liquid', () => {
    const inShared = SHARED.replace('<!-- shared line 3 -->', '<!-- -->{% for %}');
    expect(compileError({ shared: inShared, full: 'x' })).to.include({ file: 'shared.liquid', line: 3, column: 9 });
    const inTemplate = SHARED.replace('{{ label | upcase }}', '{{ label | upcase }}{% endfor %}');
    expect(compileError({ shared: inTemplate, full: 'x' })).to.include({ file: 'shared.liquid', line: 21, column: 28 });
  });

  it('a runtime error is drawn inline and warned of at its place, in the template of shared.liquid', () => {
    const recipe = recipeFromText({
      markup: {
        shared: SHARED,
        full: fullWith('{% render "row", label: "a", value: 1 %}{{ x | plus: 1 | modulo: 0 }}'),
      },
    });
    const page = fillRecipe(compileRecipe(recipe), { now: 0 });
    expect(page.html).to.include('<div>A</div>\n  <div>Liquid error: divided by 0</div>');
    expect(page.warnings).to.deep.equal([
      'shared.liquid line 22, column 8: Liquid error: divided by 0',
      'full.liquid line 12, column 45: Liquid error: divided by 0',
    ]);
  });

  it('lines are counted in the file as written, with Windows line ends too', () => {
    const error = compileError({ shared: 'a\r\nb\r\n', full: 'one\r\ntwo\r\n  {% endif %}' });
    expect(error).to.include({ file: 'full.liquid', line: 3, column: 3 });
  });
});
