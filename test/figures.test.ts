/**
 * Each figure a user reads is the code's or the benchmark's. The help texts name the code's limits
 * (`${LIMITS.pictureSide}`), which the build fills in: here no help types such a figure itself. The README and
 * the docs quote them in prose: here each quote is held against the limit it states, and each figure they
 * quote from the benchmark against the current run in BENCHMARKS.md, at the precision the quote gives. A changed
 * limit, or a new run, fails here until the texts say the new figure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { MAX_SOURCE_BYTES } from '../dist/lib/images/fit';
import { MOST_TWO_LEVEL_PIXELS } from '../dist/lib/images/two-level';
import { DEFAULT_SCREEN, LIMITS, PAGE_BUDGET, PAGE_LIMITS } from '../dist/lib/values';
import { DEFAULT_RETRY } from '../dist/lib/client/retry';
import { ACCOUNT_DEFAULTS, ACCOUNT_RANGES } from '../dist/nodes/account/settings';
import { MOST_REMEMBERED_PAGES } from '../dist/lib/push-memory';
import { MOST_RECORDED_IMAGE_BYTES, MOST_RECORDED_PAGES } from '../dist/lib/page-record/record';
import { MOST_DEVICES_PER_MESSAGE } from '../dist/runtime/targets';
import { PAGE_IDS } from '../dist/lib/values/ids';
import { DEFAULT_INTERVAL_SECONDS, DIALOG_MIN_INTERVAL_SECONDS } from '../dist/nodes/todo-watch/settings';
import { ROOT } from './support/package-files';

const MB = 1024 * 1024;

/** A text of the repository with its line breaks and runs of spaces as one space, as a reader reads it. */
function prose(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\s+/g, ' ');
}

/** The rows of the current run's tables in BENCHMARKS.md: the figures by part and measure, the goals' ratios. */
function currentRun(): { figure(part: string, measure: string): string; ratio(goal: string): string } {
  const text = fs.readFileSync(path.join(ROOT, 'BENCHMARKS.md'), 'utf8');
  const start = text.indexOf('## The current tree');
  const end = text.indexOf('\n## ', start + 1);
  expect(start, 'BENCHMARKS.md: its section "The current tree"').to.be.above(-1);
  const rows = text
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const cell = (found: string[] | undefined, what: string, index: number): string => {
    expect(found, `BENCHMARKS.md, the current run: ${what}`).to.not.equal(undefined);
    return (found as string[])[index];
  };
  return {
    figure: (part, measure) =>
      cell(
        rows.find((row) => row[1] === part && row[2] === measure),
        `${part} | ${measure}`,
        3,
      ),
    ratio: (goal) =>
      cell(
        rows.find((row) => row[1] === goal),
        `the goal "${goal}"`,
        4,
      ),
  };
}

/** The figures of a benchmark cell, in order ("168.2 ms, +23.2 MB / 47.4 ms" holds 168.2, 23.2 and 47.4). */
const numbersOf = (cell: string): number[] => [...cell.matchAll(/\d+(?:\.\d+)?/g)].map((match) => Number(match[0]));

/** A figure as a text writes it: "50,000", "4000000", "2.0". */
const valueOf = (written: string): number => Number(written.replace(/,/g, ''));
const decimalsOf = (written: string): number => written.split('.')[1]?.length ?? 0;

interface Quote {
  file: string;
  /** The quote, its figures captured in order. */
  says: RegExp;
  /** What each captured figure must be: a limit of the code exactly; a measured figure at the quote's precision. */
  figures: { limit: number }[] | { measured: number }[];
}

const run = currentRun();
const page = (measure: string) => numbersOf(run.figure('Render', measure));
const budget = (measure: string) => numbersOf(run.figure('Budget', measure));
const FLOW_PAGE = page(
  '400 x 300 page (Latin and Chinese, a list, a rule) through the render node in a flow: median of 200',
);
const WEBASSEMBLY_PAGE = page('the same page through the render node, WebAssembly build');
const FIRST_PAGE = page('first page after a deploy: from the deploy to the page, median of 7 fresh processes');
const WITH_RENDER_NODE = page('Node-RED with a render node (50 pages): RSS');
const WITHOUT_RENDER_NODE = page('the same Node-RED without a render node: RSS');
const ELEMENTS = budget("a page of 1999 elements (the limit) / of 500: time; drawing process's memory added");
const CHARACTERS = budget("a page of 50000 characters (the limit) / of 12500: time; drawing process's memory added");
const PIXELS = budget(
  "a page of 4000000 picture pixels (the limit) / of 1000000: time; drawing process's memory added",
);
/**
 * The first page of each script, in the order the benchmark draws them in one drawing process (emoji last, every
 * script then loaded): its cost over a page in loaded fonts, and the drawing process's RSS after it.
 */
const SCRIPT_PAGES = new Map(
  [
    'Simplified Chinese',
    'Japanese',
    'Traditional Chinese',
    'Korean',
    'Arabic',
    'Hebrew',
    'Thai',
    'Devanagari',
    'Emoji',
  ].map((script) => {
    const figures = page(
      `a page in ${script}: the first (its fonts loaded then) / again; the drawing process's RSS after it`,
    );
    return [script, { extraMs: figures[1], drawingMB: figures[3] }];
  }),
);
const scriptPage = (script: string) => SCRIPT_PAGES.get(script) as { extraMs: number; drawingMB: number };
const scriptExtras = [...SCRIPT_PAGES.values()].map((script) => script.extraMs);
const AFTER_LATIN = page('the drawing process after 20 Latin pages: RSS');
const measured = (figure: number) => ({ measured: figure });
const limit = (figure: number) => ({ limit: figure });

const QUOTES: Quote[] = [
  {
    file: 'README.md',
    says: /A 400 x 300 page takes about ([\d.]+) ms \(BENCHMARKS\.md\)/,
    figures: [measured(FLOW_PAGE[0])],
  },
  {
    file: 'docs/display-image.md',
    says: /No image, more than (\d+), one that is not an image, a fit that is not one of the four, or a width or height out of 1 to (\d+) is refused/,
    figures: [limit(LIMITS.imagesPerPush), limit(LIMITS.pictureSide)],
  },
  {
    file: 'docs/account.md',
    says: /up to (\d+) seconds each, and a call gives up after (\d+) seconds in all\. A `Retry-After` of up to (\d+) seconds is honoured/,
    figures: [DEFAULT_RETRY.maxDelayMs / 1000, DEFAULT_RETRY.maxTotalMs / 1000, DEFAULT_RETRY.maxDelayMs / 1000].map(
      limit,
    ),
  },
  { file: 'docs/account.md', says: /A list holds up to (\d+) ids/, figures: [limit(MOST_DEVICES_PER_MESSAGE)] },
  { file: 'docs/account.md', says: /for at most (\d+) pages per account/, figures: [limit(MOST_REMEMBERED_PAGES)] },
  {
    file: 'docs/account.md',
    says: /must be a page number from 1 to (\d+) \(got 7\)/,
    figures: [limit(PAGE_IDS.length)],
  },
  {
    file: 'docs/display-image.md',
    says: /in any format but JPEG, up to (\d+) million pixels\) is fitted as black and white/,
    figures: [limit(MOST_TWO_LEVEL_PIXELS / 1_000_000)],
  },
  {
    file: 'docs/display-image.md',
    says: /must be a whole number of pixels from 1 to (\d+) \(got/,
    figures: [limit(LIMITS.pictureSide)],
  },
  {
    file: 'docs/render.md',
    says: /the first page in a script costs this once, from (\d+) ms \(Hebrew\) to (\d+) ms \(Traditional Chinese, whose WOFF2 files are unpacked as they load\); the drawing process holds (\d+) MB after Latin pages, and (\d+) MB once every script has been drawn/,
    figures: [
      measured(scriptPage('Hebrew').extraMs),
      measured(scriptPage('Traditional Chinese').extraMs),
      measured(AFTER_LATIN[0]),
      measured(scriptPage('Emoji').drawingMB),
    ],
  },
  {
    file: 'docs/design.md',
    says: /unpacking it costs the first page of its script (\d+) to (\d+) ms once/,
    figures: [measured(Math.min(...scriptExtras)), measured(Math.max(...scriptExtras))],
  },
  {
    file: 'README.md',
    says: /`msg\.pageId` \(1–(\d+)\), `msg\.fontSize` \((\d+)–(\d+)\);/,
    figures: [PAGE_IDS.length, LIMITS.fontSizeMin, LIMITS.fontSizeMax].map(limit),
  },
  { file: 'README.md', says: /`msg\.payload` a Buffer, 1–(\d+) Buffers/, figures: [limit(LIMITS.imagesPerPush)] },
  { file: 'README.md', says: /`msg\.pageId` 1–(\d+) or `"all"`/, figures: [limit(PAGE_IDS.length)] },
  { file: 'README.md', says: /up to (\d+) devices or `"all"`/, figures: [limit(MOST_DEVICES_PER_MESSAGE)] },
  {
    file: 'README.md',
    says: /`device-cloud-todo-watch` polls \(every (\d+) s by default, at least (\d+) s in the dialog\)/,
    figures: [limit(DEFAULT_INTERVAL_SECONDS), limit(DIALOG_MIN_INTERVAL_SECONDS)],
  },
  {
    file: 'docs/sidebar.md',
    says: /It keeps up to (\d+) pages and (\d+) MB of pictures/,
    figures: [limit(MOST_RECORDED_PAGES), limit(MOST_RECORDED_IMAGE_BYTES / MB)],
  },
  {
    file: 'docs/account.md',
    says: /\*\*Timeout\*\* (\d+) s \(([\d.]+)–(\d+)\), \*\*Retries\*\* (\d+) \((\d+)–(\d+)\), \*\*At once\*\* (\d+) \((\d+)–(\d+)\), \*\*Queue limit\*\* (\d+) \((\d+)–(\d+)\), \*\*Spacing\*\* (\d+) ms \((\d+)–(\d+)\)/,
    figures: (['timeout', 'retries', 'maxInFlight', 'queueLimit', 'minSpacing'] as const)
      .flatMap((setting) => [ACCOUNT_DEFAULTS[setting], ACCOUNT_RANGES[setting].min, ACCOUNT_RANGES[setting].max])
      .map(limit),
  },
  {
    file: 'README.md',
    says: /\(`contain`, `cover` or `fill`, (\d+) x (\d+) unless set\)/,
    figures: [limit(DEFAULT_SCREEN.width), limit(DEFAULT_SCREEN.height)],
  },
  {
    file: 'docs/service.md',
    says: /a create or update body over (\d+) MB of JSON is refused/,
    figures: [limit(LIMITS.jsonRequestBytes / MB)],
  },
  {
    file: 'docs/render.md',
    says: /\| Size \| (\d+) x (\d+); empty: [^|]*\| 1 to (\d+) pixels each way \|/,
    figures: [limit(DEFAULT_SCREEN.width), limit(DEFAULT_SCREEN.height), limit(LIMITS.pictureSide)],
  },
  {
    file: 'docs/render.md',
    says: /\| Time budget \(`timeBudget`\) \| (\d+) s; absent: (\d+) s \| (\d+) to (\d+) seconds: /,
    figures: [
      limit(PAGE_BUDGET.defaultSeconds),
      limit(PAGE_BUDGET.defaultSeconds),
      limit(PAGE_BUDGET.minSeconds),
      limit(PAGE_BUDGET.maxSeconds),
    ],
  },
  {
    file: 'docs/render.md',
    says: /must be a whole number of pixels from 1 to (\d+) \(got/,
    figures: [limit(LIMITS.pictureSide)],
  },
  {
    file: 'docs/render.md',
    says: /a 400 x 300 page takes about ([\d.]+) ms through the node in a flow, ([\d.]+) times as long as Takumi alone takes for the same HTML, and about ([\d.]+) ms with the WebAssembly build; the first page after a deploy ([\d.]+) ms, a Node\.js start included; the drawing process holds about ([\d.]+) MB at rest and ([\d.]+) MB after 50 pages, and two minutes after its last page a Node-RED with a render node holds ([\d.]+) MB, one without ([\d.]+) MB/,
    figures: [
      measured(FLOW_PAGE[0]),
      measured(numbersOf(run.ratio('a page through the render node in a flow ≤ 1.5x Takumi native'))[0]),
      measured(WEBASSEMBLY_PAGE[0]),
      measured(FIRST_PAGE[0]),
      measured(budget('the drawing process at rest (started, fonts loaded, a page drawn): RSS')[0]),
      measured(WITH_RENDER_NODE[3]),
      measured(WITH_RENDER_NODE[4]),
      measured(WITHOUT_RENDER_NODE[2]),
    ],
  },
  {
    file: 'docs/render.md',
    says: /four limits: ([\d,]+) elements, ([\d,]+) characters of text, ([\d,]+) pixels of pictures \(as their files give them\), and ([\d,]+) items repeated by its lists/,
    figures: [
      limit(PAGE_LIMITS.elements),
      limit(PAGE_LIMITS.textCharacters),
      limit(PAGE_LIMITS.picturePixels),
      limit(PAGE_LIMITS.listItems),
    ],
  },
  { file: 'docs/render.md', says: /more than the (\d+) a page may repeat/, figures: [limit(PAGE_LIMITS.listItems)] },
  {
    file: 'docs/render.md',
    says: /\*Time budget\* \((\d+) s unless set, (\d+) to (\d+) s\) from its message, and its drawing process may hold (\d+) MB/,
    figures: [
      limit(PAGE_BUDGET.defaultSeconds),
      limit(PAGE_BUDGET.minSeconds),
      limit(PAGE_BUDGET.maxSeconds),
      limit(PAGE_BUDGET.memoryBytes / MB),
    ],
  },
  {
    file: 'docs/render.md',
    says: /\(([\d,]+) elements ([\d.]+) s and ([\d.]+) MB, ([\d,]+) characters ([\d.]+) s and ([\d.]+) MB, ([\d,]+) picture pixels ([\d.]+) s and ([\d.]+) MB\)/,
    figures: [
      { limit: PAGE_LIMITS.elements },
      { measured: ELEMENTS[0] / 1000 },
      { measured: ELEMENTS[1] },
      { limit: PAGE_LIMITS.textCharacters },
      { measured: CHARACTERS[0] / 1000 },
      { measured: CHARACTERS[1] },
      { limit: PAGE_LIMITS.picturePixels },
      { measured: PIXELS[0] / 1000 },
      { measured: PIXELS[1] },
    ] as Quote['figures'],
  },
  {
    file: 'docs/render.md',
    says: /a runaway page is stopped ([\d.]+) s after its message, while another node's page takes ([\d.]+) ms \(([\d.]+) ms without the runaway\), the preview ([\d.]+) ms and the admin API answers within ([\d.]+) ms/,
    figures: [
      measured(
        numbersOf(
          run.figure(
            'Budget',
            'a runaway page (1999 boxes with blurred shadows) in a render node with the default budget: its end',
          ),
        )[0],
      ),
      measured(budget('meanwhile, the page through another render node, median (p90, slowest; pages)')[0]),
      measured(budget('without a runaway, 10 s: the page through a render node, median (p90, slowest; pages)')[0]),
      measured(budget('meanwhile, the preview: median (slowest; previews)')[0]),
      measured(budget('meanwhile, the admin API: median (slowest; requests)')[1]),
    ],
  },
  {
    file: 'docs/design.md',
    says: /\| ([\d,]+) elements \| ([\d.]+) s, \+([\d.]+) MB \| ([\d.]+) µs, ([\d.]+) KB/,
    figures: [
      { limit: PAGE_LIMITS.elements },
      { measured: ELEMENTS[0] / 1000 },
      { measured: ELEMENTS[1] },
      { measured: ELEMENTS[4] },
      { measured: ELEMENTS[5] },
    ] as Quote['figures'],
  },
  {
    file: 'docs/design.md',
    says: /\| ([\d,]+) characters of text \| ([\d.]+) s, \+([\d.]+) MB \| about ([\d.]+) ns/,
    figures: [
      { limit: PAGE_LIMITS.textCharacters },
      { measured: CHARACTERS[0] / 1000 },
      { measured: CHARACTERS[1] },
      { measured: CHARACTERS[4] },
    ] as Quote['figures'],
  },
  {
    file: 'docs/design.md',
    says: /\| ([\d,]+) pixels of pictures, as their files give them \| ([\d.]+) s, \+([\d.]+) MB \| ([\d.]+) ns, ([\d.]+) bytes/,
    figures: [
      { limit: PAGE_LIMITS.picturePixels },
      { measured: PIXELS[0] / 1000 },
      { measured: PIXELS[1] },
      { measured: PIXELS[4] },
      { measured: PIXELS[5] },
    ] as Quote['figures'],
  },
  {
    file: 'docs/design.md',
    says: /\| ([\d,]+) list items, all lists of a page together \| ([\d.]+) ms to fill, on Node-RED's event loop \| ([\d.]+) µs/,
    figures: [
      { limit: PAGE_LIMITS.listItems },
      ...numbersOf(run.figure('Budget', "a list of 1000 items (the limit) filled, on Node-RED's event loop")).map(
        (measured) => ({ measured }),
      ),
    ] as Quote['figures'],
  },
  {
    file: 'docs/design.md',
    says: /The memory budget is (\d+) MB for a drawing process/,
    figures: [limit(PAGE_BUDGET.memoryBytes / MB)],
  },
  {
    file: 'docs/design.md',
    says: /A page's time budget runs from the moment it is asked for: (\d+) s, or what the node's \*Time budget\* says \((\d+) to (\d+) s; a node saved before there was a budget has none, and gets (\d+) s/,
    figures: [
      limit(PAGE_BUDGET.defaultSeconds),
      limit(PAGE_BUDGET.minSeconds),
      limit(PAGE_BUDGET.maxSeconds),
      limit(PAGE_BUDGET.defaultSeconds),
    ],
  },
];

/**
 * The limits a help names as the constant that holds them, each with the figure a help must not type itself; the
 * page's limits in the render node's help only (other helps have a 1000 of their own), the account's ranges in
 * the account's.
 */
const NAMED_LIMITS: { name: string; typed: RegExp; node?: string }[] = [
  { name: 'LIMITS.pictureSide', typed: new RegExp(`\\b${LIMITS.pictureSide}\\b`) },
  { name: 'LIMITS.text', typed: new RegExp(`\\b${LIMITS.text}\\b`) },
  { name: 'LIMITS.imageBytes', typed: new RegExp(`\\b${LIMITS.imageBytes / MB} MB`) },
  { name: 'LIMITS.jsonRequestBytes', typed: new RegExp(`\\b${LIMITS.jsonRequestBytes / MB} MB`) },
  { name: 'MAX_SOURCE_BYTES', typed: new RegExp(`\\b${MAX_SOURCE_BYTES / MB} MB`) },
  ...Object.entries(PAGE_LIMITS).map(([key, figure]) => ({
    name: `PAGE_LIMITS.${key}`,
    typed: new RegExp(`\\b${figure}\\b`),
    node: 'render',
  })),
  { name: 'PAGE_BUDGET.memoryBytes', typed: new RegExp(`\\b${PAGE_BUDGET.memoryBytes / MB} MB`) },
  {
    name: 'DIALOG_MIN_INTERVAL_SECONDS',
    typed: new RegExp(`at least ${DIALOG_MIN_INTERVAL_SECONDS} seconds|至少 ${DIALOG_MIN_INTERVAL_SECONDS} 秒`),
    node: 'todo-watch',
  },
  { name: 'MOST_DEVICES_PER_MESSAGE', typed: new RegExp(`\\b1 (to|到) ${MOST_DEVICES_PER_MESSAGE}\\b`) },
  { name: 'MOST_REMEMBERED_PAGES', typed: new RegExp(`\\b${MOST_REMEMBERED_PAGES} (pages|个页面)`) },
  { name: 'PAGE_IDS.length', typed: new RegExp(`\\b1\\b(</code>)? (to|到) (<code>)?${PAGE_IDS.length}\\b`) },
  ...(['timeout', 'maxInFlight', 'queueLimit', 'minSpacing'] as const).map((setting) => ({
    name: `ACCOUNT_RANGES.${setting}.max`,
    typed: new RegExp(`\\b${ACCOUNT_RANGES[setting].max}\\b`),
    node: 'account',
  })),
];

describe('the figures users read', function () {
  it('are written in the help texts as the limits of the code that hold them, never typed again', function () {
    const helps = fs
      .readdirSync(path.join(ROOT, 'src', 'nodes'))
      .flatMap((node) =>
        ['en-US', 'zh-CN'].map((language) => ({ node, file: `src/nodes/${node}/help.${language}.html` })),
      )
      .filter(({ file }) => fs.existsSync(path.join(ROOT, file)));
    expect(helps).to.have.length.above(20);
    const typed: string[] = [];
    for (const { node, file } of helps) {
      // An example of a refused value ("(got 5000)") is no statement of a limit.
      const text = prose(file).replace(/\(got [^)]*\)/g, '');
      for (const limit of NAMED_LIMITS) {
        if ((limit.node ?? node) === node && limit.typed.test(text)) typed.push(`${file}: ${limit.name}`);
      }
    }
    expect(typed, 'figures typed where ${NAME} would take them from the code').to.deep.equal([]);
    const built = fs.readFileSync(path.join(ROOT, 'nodes', 'locales', 'en-US', 'device-cloud.html'), 'utf8');
    expect(built).to.include(`<code>1</code> to <code>${LIMITS.pictureSide}</code>`);
    expect(built).to.not.include('${');
  });

  for (const file of [...new Set(QUOTES.map((quote) => quote.file))]) {
    it(`in ${file}: the code's limits, and the figures of the benchmark's current run`, function () {
      const text = prose(file);
      for (const quote of QUOTES.filter((each) => each.file === file)) {
        const found = quote.says.exec(text);
        if (!found) expect.fail(`${file} no longer says ${quote.says.source}: change the quote here with the text`);
        const written = found.slice(1);
        expect(written).to.have.lengthOf(quote.figures.length);
        quote.figures.forEach((figure: { limit: number } | { measured: number }, index) => {
          const where = `${file}: figure ${index + 1} of "${found[0]}"`;
          if ('limit' in figure) {
            expect(valueOf(written[index]), where).to.equal(figure.limit);
          } else {
            const decimals = decimalsOf(written[index]);
            expect(valueOf(written[index]), `${where}, at ${decimals} decimals`).to.equal(
              Number(figure.measured.toFixed(decimals)),
            );
          }
        });
      }
    });
  }
});
