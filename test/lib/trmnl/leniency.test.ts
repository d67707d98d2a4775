// Liquid as TRMNL runs it, where Ruby Liquid's lax mode differs from liquidjs (src/lib/trmnl/liquid): parentheses
// in conditions, the forms of `render`, unknown filters, runtime errors printed inline with the rest of the page
// drawn, Ruby's dates, arithmetic and printing of values, outputs Ruby reads loosely, and the time budget.

import { expect } from 'chai';
import { RecipeError, compileRecipe, fillRecipe, recipeFromText, renderLiquid } from '../../../dist/lib/trmnl';

/** 2026-02-03 15:29:09 UTC, a Tuesday. */
const NOW = Date.UTC(2026, 1, 3, 15, 29, 9);

function liquid(source: string, variables: Record<string, unknown> = {}): string {
  return renderLiquid(source, variables, { now: NOW }).output;
}

describe('TRMNL Liquid: Ruby Liquid leniencies', () => {
  describe('parentheses in conditions, ignored as Ruby ignores them', () => {
    it('an if, elsif and unless with parentheses runs, evaluated from the right as Ruby does', () => {
      const worldClock = '{% if ishome or (name and name != "") %}shown{% else %}hidden{% endif %}';
      expect(liquid(worldClock, { ishome: false, name: 'Tokyo' })).to.equal('shown');
      expect(liquid(worldClock, { ishome: false, name: '' })).to.equal('hidden');
      const bins = '{% if d == "MON" %}1{% elsif d == "TUE" and (t != "MON" and t != "TUE") %}2{% else %}3{% endif %}';
      expect(liquid(bins, { d: 'TUE', t: 'SUN' })).to.equal('2');
      expect(liquid(bins, { d: 'TUE', t: 'MON' })).to.equal('3');
      expect(liquid('{% unless (a) %}not a{% endunless %}', { a: false })).to.equal('not a');
      // Ruby reads `(a and b) or c` as `a and b or c`, that is `a and (b or c)`.
      expect(liquid('{% if (a and b) or c %}T{% else %}F{% endif %}', { a: false, b: true, c: true })).to.equal('F');
    });

    it('inside {% liquid %}, beside strings holding parentheses and ranges, which are kept', () => {
      expect(liquid('{% liquid\nif (a and b)\necho "both"\nendif %}', { a: true, b: true })).to.equal('both');
      expect(liquid('{% if x == "(a)" %}kept{% endif %}', { x: '(a)' })).to.equal('kept');
      expect(liquid('{% for i in (1..3) %}{{ i }}{% endfor %}')).to.equal('123');
      expect(liquid('{% raw %}{% if (a) %}{% endraw %}')).to.equal('{% if (a) %}');
    });
  });

  describe('render and include as Ruby reads them', () => {
    const defined = '{% template card %}[{{ title }}|{{ card }}|{{ outer }}]{% endtemplate %}';

    it('render "x", k: v and render "x" with k: v and render "x": k: v pass their arguments', () => {
      expect(liquid(`${defined}{% render "card", title: "A" %}`, { outer: 'no' })).to.equal('[A||]');
      expect(liquid(`${defined}{% render "card" with title: "B" %}`)).to.equal('[B||]');
      expect(liquid(`${defined}{% render "card": title: t, extra: 1 %}`, { t: 'C' })).to.equal('[C||]');
    });

    it('render "x" with a value [as a name], and for a list as an item with its forloop', () => {
      expect(liquid(`${defined}{% render "card" with v %}`, { v: 'V' })).to.equal('[|V|]');
      const item = '{% template item %}{{ forloop.index }}:{{ it }}/{{ forloop.length }};{% endtemplate %}';
      expect(liquid(`${item}{% render "item" for list as it %}`, { list: ['a', 'b'] })).to.equal('1:a/2;2:b/2;');
      const named = '{% template named %}{{ thing.name }}{% endtemplate %}';
      expect(liquid(`${named}{% render "named" with obj as thing %}`, { obj: { name: 'N' } })).to.equal('N');
    });

    it('a rendered template sees only its arguments; an included one sees the page and can assign to it', () => {
      expect(liquid(`${defined}{% render "card", title: outer %}`, { outer: 'O' })).to.equal('[O||]');
      const included = '{% template inc %}{{ outer }}{% assign set = "yes" %}{% endtemplate %}';
      expect(liquid(`${included}{% include "inc" %} {{ set }}`, { outer: 'seen' })).to.equal('seen yes');
    });

    it('templates render templates, and a template may be defined after the page started', () => {
      const source =
        '{% template inner %}<{{ v }}>{% endtemplate %}{% template outer %}{% render "inner", v: v %}{% endtemplate %}' +
        '{% render "outer", v: 1 %}';
      expect(liquid(source)).to.equal('<1>');
    });
  });

  describe('errors drawn inline, the rest of the page drawn', () => {
    it('an unknown filter gives its input back', () => {
      expect(liquid('{{ x | no_such_filter: 3 | upcase }}', { x: 'kept' })).to.equal('KEPT');
    });

    it('a runtime error prints "Liquid error: …" where it happened, and is a warning naming its place', () => {
      const page = renderLiquid(
        'before {{ 7 | divided_by: 0 }} middle\n  {{ "{" | parse_json }} after',
        {},
        { now: NOW },
      );
      expect(page.output).to.match(/^before Liquid error: divided by 0 middle\n {2}Liquid error: .+ after$/);
      expect(page.warnings).to.have.length(2);
      expect(page.warnings[0]).to.equal('markup line 1, column 8: Liquid error: divided by 0');
      expect(page.warnings[1]).to.match(/^markup line 2, column 3: Liquid error: /);
    });

    it('an error in a tag that prints nothing (an assign, a capture, a block of them) prints nothing, as Ruby', () => {
      const page = renderLiquid(
        '{% assign map = \'{"cap\'n":"Cap\'n"}\' | parse_json %}[{{ map }}]' +
          '{% if true %}\n  {% assign n = 1 | divided_by: 0 %}\n{% endif %}' +
          '{% capture c %}{{ 1 | divided_by: 0 }}{% endcapture %}{% for i in (1..2) %}{% assign m = i | divided_by: 0 %}{% endfor %}' +
          '({{ c }})<{% if true %}{{ 2 | divided_by: 0 }}{% endif %}>',
        {},
        { now: NOW },
      );
      expect(page.output.replace(/\s/g, '')).to.equal('[](Liquiderror:dividedby0)<Liquiderror:dividedby0>');
      expect(page.warnings).to.have.length(5);
      expect(page.warnings[0]).to.match(/^markup line 1, column 1: Liquid error: /);
      expect(page.warnings[1]).to.equal('markup line 2, column 3: Liquid error: divided by 0');
    });

    it('an error repeated in a loop is one warning for its place', () => {
      const page = renderLiquid('{% for i in (1..5) %}{{ i | divided_by: 0 }}{% endfor %}!', {}, { now: NOW });
      expect(page.output).to.equal(`${'Liquid error: divided by 0'.repeat(5)}!`);
      expect(page.warnings).to.deep.equal(['markup line 1, column 22: Liquid error: divided by 0']);
    });

    it('an output Ruby reads loosely (a script comment such as {{[key: string]: any}}) prints nothing', () => {
      const script = '<script>/** @type {{[key: string]: { a: any[] }}} */</script>after';
      expect(liquid(script)).to.equal('<script>/** @type } */</script>after');
    });

    it('filling past its time budget is an error naming the recipe file', () => {
      const recipe = recipeFromText({
        markup: { full: '{% for i in (1..100000) %}{% for j in (1..100000) %}{% endfor %}{% endfor %}' },
      });
      try {
        fillRecipe(compileRecipe(recipe), { budgetMs: 50 });
      } catch (error) {
        expect(error).to.be.instanceOf(RecipeError);
        expect((error as Error).message).to.equal('recipe: full.liquid: filling the page took more than 50 ms');
        return;
      }
      throw new Error('the endless page was filled');
    });

    it('a range too large to make is an error naming the recipe file, before the memory fills', () => {
      const recipe = recipeFromText({ markup: '{% for i in (1..100000000) %}{{ i }}{% endfor %}' });
      expect(() => fillRecipe(compileRecipe(recipe))).to.throw(
        RecipeError,
        'recipe: markup: filling the page needed more than 50000000 elements and characters',
      );
    });
  });

  describe("Ruby's dates", () => {
    it('"now" and "today" are the clock in UTC, as on TRMNL; whole seconds and digits are UNIX times', () => {
      expect(liquid('{{ "now" | date: "%Y-%m-%d %H:%M:%S %Z %z %:z" }}')).to.equal(
        '2026-02-03 15:29:09 UTC +0000 +00:00',
      );
      expect(liquid('{{ "Today" | date: "%s" }}')).to.equal(String(NOW / 1000));
      expect(liquid('{{ 0 | date: "%c" }}')).to.equal('Thu Jan  1 00:00:00 1970');
      expect(liquid('{{ "1770134949" | date: "%F %T" }}')).to.equal('2026-02-03 16:09:09');
    });

    it("strftime's flags and conversions as Ruby writes them", () => {
      const format = '%-d|%e|%-I|%l|%P|%p|%^a|%^B|%j|%U|%W|%V|%u|%w|%y|%C|%-m|%_m|%3N|%L|%D|%R|%r|%%|%10A|%-H';
      expect(liquid(`{{ "2025-01-05T09:07:03.5" | date: "${format}" }}`)).to.equal(
        '5| 5|9| 9|am|AM|SUN|JANUARY|005|01|00|01|7|0|25|20|1| 1|500|500|01/05/25|09:07|09:07:03 AM|%|    Sunday|9',
      );
    });

    it("the rest of strftime: ISO week years, a Date's zone, names padded, directives Ruby leaves as written", () => {
      const format = '%G|%g|%V|%k|%u|%N|%s|%t|%#p|%#B|%010A|%_5Y|%05e|%-y|%:y|%J';
      expect(liquid(`{{ "2027-01-01T07:05:09" | date: "${format}" }}`)).to.equal(
        '2026|26|53| 7|5|000000000|1798787109|\t|am|JANUARY|0000Friday| 2027|00001|27|%:y|%J',
      );
      expect(liquid('{{ 2 | days_ago }} {{ 2 | days_ago | date: "%Z %z" }}')).to.equal('2026-02-01 +00:00 +0000');
    });

    it('times Time.parse refuses give the input back to date, and an error to l_date; offsets of each form', () => {
      for (const refused of ['1.5', '"2025-13-01"', '"10:75"', '"on the 3rd"']) {
        expect(liquid(`{{ ${refused} | date: "%Y" }}`), refused).to.equal(refused.replace(/"/g, ''));
      }
      expect(liquid('{{ "soon" | l_date: "%Y" }}')).to.equal('Liquid error: no time information in "soon"');
      expect(liquid('{{ "Sat, 11 Jan 2025 10:15:00 -0500" | date: "%H:%M %z" }}')).to.equal('10:15 -0500');
      expect(liquid('{{ "2025-01-11T10:15-05" | date: "%H:%M %z" }}')).to.equal('10:15 -0500');
      expect(liquid('{{ "12:30 am" | date: "%F %H:%M" }}')).to.equal('2026-02-03 00:30');
    });

    it('texts Time.parse reads, an offset kept; a text that is not a time and an empty format give the input', () => {
      expect(liquid('{{ "2025-07-10T09:07:55.000Z" | date: "%H:%M %Z" }}')).to.equal('09:07 UTC');
      expect(liquid('{{ "2025-12-31 16:50:38 -0400" | date: "%H:%M %z" }}')).to.equal('16:50 -0400');
      expect(liquid('{{ "Sat, 11 Jan 2025 10:15:00 +0100" | date: "%d %b %H:%M %:z" }}')).to.equal(
        '11 Jan 10:15 +01:00',
      );
      expect(liquid('{{ "January 11, 2025" | date: "%Y-%m-%d %H:%M" }}')).to.equal('2025-01-11 00:00');
      expect(liquid('{{ "10:15 pm" | date: "%F %R" }}')).to.equal('2026-02-03 22:15');
      expect(liquid('{{ "not a date" | date: "%Y" }}|{{ "2025-01-11" | date: "" }}')).to.equal('not a date|2025-01-11');
      const local = '{{ "now" | date: "%s" | plus: trmnl.user.utc_offset | date: "%-I:%M %p" }}';
      expect(liquid(local, { trmnl: { user: { utc_offset: 36000 } } })).to.equal('1:29 AM');
    });
  });

  describe("Ruby's arithmetic and printing of values", () => {
    it('numbers from strings as Liquid reads them; integers divide as integers unless a decimal point is written', () => {
      expect(
        liquid('{{ "5" | plus: "3" }} {{ "abc" | plus: 1 }} {{ "12abc" | times: 2 }} {{ nil | minus: 1 }}'),
      ).to.equal('8 1 24 -1');
      expect(liquid('{{ 10 | divided_by: 4 }} {{ 10 | divided_by: 4.0 }} {{ "10" | divided_by: "4" }}')).to.equal(
        '2 2.5 2',
      );
      expect(
        liquid('{{ 7.5 | divided_by: 2 }} {{ -7 | divided_by: 2 }} {{ -7 | modulo: 3 }} {{ 7 | modulo: 0 }}'),
      ).to.equal('3.75 -4 2 Liquid error: divided by 0');
      expect(
        liquid(
          '{{ 0.1 | plus: 0.2 }} {{ 2.5 | round }} {{ -2.5 | round }} {{ 3.14159 | round: 2 }} {{ "3.7" | floor }}',
        ),
      ).to.equal('0.3 3 -3 3.14 3');
      expect(liquid('{{ "7" | at_least: 10 }} {{ 12 | at_most: "10" }} {{ -3 | abs }} {{ "2.1" | ceil }}')).to.equal(
        '10 10 3 3',
      );
    });

    it('a hash prints as Ruby inspects it, nil as nothing, a list as its elements; 1 is not "1"', () => {
      expect(
        liquid('{{ h }}|{{ nothing }}|{{ list }}', { h: { a: 1, b: [true, null] }, list: [1, [2, 'x']] }),
      ).to.equal('{"a" => 1, "b" => [true, nil]}||12x');
      expect(liquid('{% if one == "1" %}same{% else %}different{% endif %}', { one: 1 })).to.equal('different');
      expect(liquid('{% if "" %}empty strings are true{% endif %}')).to.equal('empty strings are true');
    });
  });
});
