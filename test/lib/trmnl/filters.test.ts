// TRMNL's Liquid filters and its template tag (src/lib/trmnl/liquid), each checked with the inputs and the
// expected outputs of TRMNL's own specification (usetrmnl/trmnl-liquid: spec/trmnl/liquid/filters_spec.rb,
// fallback_spec.rb, template_tag_spec.rb), and the localised words and dates from Intl.

import { expect } from 'chai';
import { renderLiquid } from '../../../dist/lib/trmnl';

/** 2026-02-03 15:29:09 UTC, a Tuesday: "now" for every filter here. */
const NOW = Date.UTC(2026, 1, 3, 15, 29, 9);

function liquid(source: string, variables: Record<string, unknown> = {}, now = NOW): string {
  return renderLiquid(source, variables, { now }).output;
}

const PEOPLE = [
  { name: 'Ryan', age: 35 },
  { name: 'Sara', age: 29 },
  { name: 'Jimbob', age: 29 },
];

/** The attributes of an SVG's root element. */
function rootAttributes(svg: string): Record<string, string> {
  const root = /^<svg\b([^>]*)>/.exec(svg)?.[1] ?? '';
  return Object.fromEntries([...root.matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
}

describe('TRMNL Liquid: the filters of trmnl-liquid, with its examples', () => {
  it('append_random appends four hexadecimal digits, new each time', () => {
    const source = '{% assign chart_id = "chart-" | append_random %}{{ chart_id }}';
    expect(liquid(source)).to.match(/^chart-[0-9a-f]{4}$/);
    const ids = new Set(Array.from({ length: 20 }, () => liquid(source)));
    expect(ids.size).to.be.above(1);
  });

  it('days_ago: the date that many days ago, in UTC or in a time zone, and as a date for `date`', () => {
    expect(liquid('{{ 3 | days_ago }}')).to.equal('2026-01-31');
    expect(liquid('{{ 10 | days_ago: "Europe/London" }}')).to.equal('2026-01-24');
    expect(liquid('{{ 5 | days_ago | date: "%b %d, %Y" }}')).to.equal('Jan 29, 2026');
    const lateEvening = Date.UTC(2026, 1, 3, 23, 30);
    expect(liquid('{{ 10 | days_ago: "Asia/Tokyo" }}', {}, lateEvening)).to.equal('2026-01-25');
  });

  it('group_by gives a hash as Ruby prints it, its keys in order and of their own type', () => {
    expect(liquid("{{ collection | group_by: 'age' }}", { collection: PEOPLE })).to.equal(
      '{35 => [{"name" => "Ryan", "age" => 35}], 29 => [{"name" => "Sara", "age" => 29}, ' +
        '{"name" => "Jimbob", "age" => 29}]}',
    );
    const loop =
      "{% assign groups = collection | group_by: 'age' %}{% for g in groups %}{{ g[0] }}:{{ g[1].size }};{% endfor %}";
    expect(liquid(loop, { collection: PEOPLE })).to.equal('35:1;29:2;');
    expect(
      liquid("{% assign groups = collection | group_by: 'age' %}{{ groups.size }} {{ groups[29][1].name }}", {
        collection: PEOPLE,
      }),
    ).to.equal('2 Jimbob');
  });

  it('find_by finds by a key, or answers the fallback', () => {
    expect(liquid("{{ collection | find_by: 'name', 'Ryan' }}", { collection: PEOPLE })).to.equal(
      '{"name" => "Ryan", "age" => 35}',
    );
    expect(liquid("{{ collection | find_by: 'name', 'ronak', 'Not Found' }}", { collection: PEOPLE })).to.equal(
      'Not Found',
    );
    expect(liquid("{{ collection | find_by: 'age', '35' | size }}", { collection: PEOPLE })).to.equal('0');
  });

  it('group_by and find_by on rows (a sheet read as lists), by the column number, lists equal by their contents', () => {
    const rows = [
      ['Milk', 2, null],
      ['Bread', 1, [1, 2]],
      ['Eggs', 2, [1, 2]],
    ];
    expect(liquid('{{ rows | group_by: 1 }}', { rows })).to.equal(
      '{2 => [["Milk", 2, nil], ["Eggs", 2, [1, 2]]], 1 => [["Bread", 1, [1, 2]]]}',
    );
    expect(liquid("{{ rows | find_by: 0, 'Eggs' | first }}", { rows })).to.equal('Eggs');
    expect(liquid('{{ rows | find_by: 2, list | first }}', { rows, list: [1, 2] })).to.equal('Bread');
  });

  it('markdown_to_html answers HTML as Redcarpet writes it, and nothing for nothing', () => {
    const source =
      '{% assign markdown = "This is a *test* and [here\'s a link](https://test.io)." %}\n{{ markdown | markdown_to_html }}';
    expect(liquid(source, { adjective: 'test' }).trim()).to.equal(
      '<p>This is a <em>test</em> and <a href="https://test.io">here&#39;s a link</a>.</p>',
    );
    expect(liquid('{{ nothing | markdown_to_html }}')).to.equal('');
  });

  it('number_with_delimiter: comma, period, space and comma; what is not a number as it is', () => {
    expect(liquid('{{ 1234 | number_with_delimiter }}')).to.equal('1,234');
    expect(liquid('{{ 1234 | number_with_delimiter: "." }}')).to.equal('1.234');
    expect(liquid('{{ 1234.57 | number_with_delimiter: " ", "," }}')).to.equal('1 234,57');
    expect(liquid('{{ 1234.567 | number_with_delimiter }}')).to.equal('1,234.567');
    expect(liquid('{{ 1234.567 | number_with_delimiter: ".", "," }}')).to.equal('1.234,567');
    expect(liquid('{{ "1234.567" | number_with_delimiter }}')).to.equal('1,234.567');
    expect(liquid('{{ nothing | number_with_delimiter }}')).to.equal('');
    expect(liquid('{{ "asdf" | number_with_delimiter }}')).to.equal('asdf');
    expect(liquid('{{ -1234567 | number_with_delimiter }}')).to.equal('-1,234,567');
  });

  it('number_to_currency: dollars, pounds, a locale (Swedish kronor), any other unit', () => {
    expect(liquid('{{ 10420 | number_to_currency }}')).to.equal('$10,420.00');
    expect(liquid('{{ 152350.69 | number_to_currency: "£" }}')).to.equal('£152,350.69');
    expect(liquid('{{ 1234.57 | number_to_currency: "£", ".", "," }}')).to.equal('£1.234,57');
    expect(liquid('{{ 567 | number_to_currency: "sv" }}')).to.equal('567.00 kr');
    expect(liquid('{{ 123 | number_to_currency: "tbd" }}')).to.equal('tbd123.00');
    expect(liquid('{{ 10420 | number_to_currency: "$", ",", ".", 0 }}')).to.equal('$10,420');
    expect(liquid('{{ 10420 | number_to_currency: "$", ",", ".", 4 }}')).to.equal('$10,420.0000');
    expect(liquid('{{ -5.5 | number_to_currency }}')).to.equal('-$5.50');
  });

  it('l_word: a word in a language (Spanish, Korean), from Intl; a word Intl does not have as it is', () => {
    expect(liquid('{{ "today" | l_word: "es-ES" }}')).to.equal('hoy');
    expect(liquid('{{ "tomorrow" | l_word: "ko" }}')).to.equal('내일');
    expect(liquid('{{ "today" | l_word: "de" }} {{ "yesterday" | l_word: "fr" }}')).to.equal('heute hier');
    expect(liquid('{{ "monday" | l_word: "de" }} {{ "january" | l_word: "es" }}')).to.equal('Montag enero');
    expect(liquid('{{ "updated" | l_word: "de" }} {{ "today" | l_word: "xx-unknown" }}')).to.equal('updated today');
  });

  it('l_date: "now", "today", a UNIX time, a date, a named format, Korean month names', () => {
    expect(liquid('{{ "now" | l_date: "%Y-%m-%d" }}')).to.equal('2026-02-03');
    expect(liquid('{{ "today" | l_date: "%Y-%m-%d" }}')).to.equal('2026-02-03');
    expect(liquid('{{ 1770134949 | l_date: "%Y %b" }}')).to.equal('2026 Feb');
    expect(liquid('{{ "2025-01-11" | l_date: "%y %b" }}')).to.equal('25 Jan');
    expect(liquid('{{ "2025-01-11T10:15" | l_date: "shorter" }}')).to.equal('10:15 AM');
    expect(liquid('{{ "2025-01-11" | l_date: "%y %b", "ko" }}')).to.equal('25 1월');
    expect(liquid('{{ "2025-01-11T10:15" | l_date: "shorter", "de" }}')).to.equal('10:15');
    expect(liquid('{{ "2025-01-11" | l_date: "%A %-d %B", "fr" }}')).to.equal('samedi 11 janvier');
    const rendered = renderLiquid('{{ "2025-01-11" | l_date: "fortnightly" }}', {}, { now: NOW });
    expect(rendered.output).to.equal('Liquid error: Translation missing: en.time.formats.fortnightly');
  });

  it('map_to_i: characters as zeros, numbers as numbers', () => {
    expect(liquid('{% assign nums = "a, b, c, d, e" | split: ", " | map_to_i %}{{ nums }}')).to.equal('00000');
    expect(liquid('{% assign nums = "5, 4, 3, 2, 1" | split: ", " | map_to_i %}{{ nums }}')).to.equal('54321');
    expect(liquid('{% assign nums = "5, 4" | split: ", " | map_to_i %}{{ nums[0] | plus: nums[1] }}')).to.equal('9');
  });

  it('pluralize: zero, one, many, English irregular words, an alternate plural', () => {
    expect(liquid('{{ "book" | pluralize: 0 }}')).to.equal('0 books');
    expect(liquid('{{ "book" | pluralize: 1 }}')).to.equal('1 book');
    expect(liquid('{{ "book" | pluralize: 2 }}')).to.equal('2 books');
    expect(liquid('{{ "octopus" | pluralize: 3 }}')).to.equal('3 octopi');
    expect(liquid('{{ "person" | pluralize: 4 }}')).to.equal('4 people');
    expect(liquid('{{ "person" | pluralize: 4, plural: "humans" }}')).to.equal('4 humans');
    expect(liquid('{{ "cow" | pluralize: 0 }} {{ "cow" | pluralize: 1 }} {{ "cow" | pluralize: 2 }}')).to.equal(
      '0 cows 1 cow 2 cows',
    );
    const words =
      '{{ "city" | pluralize: 2 }} {{ "box" | pluralize: 2 }} {{ "sheep" | pluralize: 2 }} {{ "knife" | pluralize: 2 }}';
    expect(liquid(words)).to.equal('2 cities 2 boxes 2 sheep 2 knives');
  });

  it('json answers JSON; parse_json reads it', () => {
    expect(liquid('{{ data | json }}', { data: [{ a: 1, b: 'c' }, 'd'] })).to.equal('[{"a":1,"b":"c"},"d"]');
    expect(liquid('{% assign value = data | parse_json %}{{ value.a }}', { data: '{"a":1,"b":"c"}' })).to.equal('1');
  });

  it('sample answers one of the elements', () => {
    expect(liquid('{{ data | split: "," | sample }}', { data: '1,2,3,4,5' })).to.match(/^(1|2|3|4|5)$/);
    expect(liquid('{{ data | split: "," | sample }}', { data: 'one,two,three' })).to.match(/^(one|two|three)$/);
  });

  it('where_exp: the input when it is not a list; the elements a condition holds for', () => {
    expect(liquid('{{ "test" | where_exp: "la", "le" }}')).to.equal('test');
    const towns = [
      { id: 1, label: 'Boulder' },
      { id: 2, label: 'Bozeman' },
    ];
    const source = `{{ towns | where_exp: "town", "town.label == 'Boulder' or town.id < 2" }}`;
    expect(liquid(source, { towns }).trim()).to.equal('{"id" => 1, "label" => "Boulder"}');
    const numbers = '{% assign nums = "1,2,3,4,5" | split: "," | map_to_i %}\n{{ nums | where_exp: "n", "n >= 3" }}';
    expect(liquid(numbers).trim()).to.equal('345');
  });

  it('ordinalize: "now", "today", a UNIX time, dates, a date with its offset', () => {
    expect(liquid('{{ "now" | ordinalize: "%B <<ordinal_day>>" }}')).to.equal('February 3rd');
    expect(liquid('{{ "today" | ordinalize: "%B <<ordinal_day>>" }}')).to.match(/^[a-zA-Z]+ \d+[a-z]{2}$/);
    expect(liquid('{{ 1770134949 | ordinalize: "%A, %B <<ordinal_day>>, %Y" }}')).to.equal(
      'Tuesday, February 3rd, 2026',
    );
    expect(liquid('{{ "2025-10-02" | ordinalize: "%A, %B <<ordinal_day>>, %Y" }}')).to.equal(
      'Thursday, October 2nd, 2025',
    );
    expect(liquid('{{ "2025-12-31 16:50:38 -0400" | ordinalize: "%A, %b <<ordinal_day>>" }}')).to.equal(
      'Wednesday, Dec 31st',
    );
    const days = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(
      (day) => `{{ "2025-01-${day}" | ordinalize: "<<ordinal_day>>" }}`,
    );
    expect(liquid(days.join(' '))).to.equal('1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 31st');
  });

  it('qr_code answers an SVG as rqrcode writes it: responsive by its viewBox, or fixed by width and height', () => {
    const responsive = {
      version: '1.1',
      xmlns: 'http://www.w3.org/2000/svg',
      'xmlns:xlink': 'http://www.w3.org/1999/xlink',
      'xmlns:ev': 'http://www.w3.org/2001/xml-events',
      'shape-rendering': 'crispEdges',
      class: 'qr-code',
      viewBox: '0 0 231 231',
    };
    expect(rootAttributes(liquid('{{ "Test" | qr_code }}'))).to.deep.equal(responsive);
    expect(rootAttributes(liquid('{{ "Test" | qr_code: 11, "l" }}'))).to.deep.equal(responsive);
    expect(rootAttributes(liquid('{{ "Test" | qr_code: 11, "BOGUS" }}'))).to.deep.equal(responsive);
    const fixed: Record<string, string> = { ...responsive };
    delete fixed.viewBox;
    expect(rootAttributes(liquid('{{ "Test" | qr_code, 11, "", fixed }}'))).to.deep.equal({
      ...fixed,
      height: '231',
      width: '231',
    });
    // 21 modules of 11 pixels; the first row starts with the top-left finder pattern, 7 modules dark.
    expect(liquid('{{ "Test" | qr_code }}')).to.include('<path d="M0 0h77v11h-77z');
    expect(rootAttributes(liquid('{{ "Test" | qr_code: 4 }}')).viewBox).to.equal('0 0 84 84');
  });
});

describe('TRMNL Liquid: the template tag, with its examples', () => {
  it('defines a template that render uses, with its arguments', () => {
    const source =
      "{% template my_template %}Hello, {{ name }}{% endtemplate %}\n{% render 'my_template', name: 'world' %}\n" +
      "{% render 'my_template', name: name %}\n";
    expect(liquid(source, { name: 'George' }).trim()).to.equal('Hello, world\nHello, George');
  });

  it('is itself replaced by nothing', () => {
    expect(liquid('abc {% template my_template %}Hello, {{ name }}{% endtemplate %} 123')).to.equal('abc  123');
  });

  it('answers an error for an invalid template name, and for an undefined template', () => {
    expect(liquid('{% template Danger! %}Hello, world!{% endtemplate %}')).to.equal(
      'Liquid error: invalid template name "Danger!" - template names must contain only letters, numbers, ' +
        'underscores, and slashes',
    );
    expect(liquid('{% render "bogus" %}')).to.equal('Liquid error: Template not found: bogus.');
  });
});
