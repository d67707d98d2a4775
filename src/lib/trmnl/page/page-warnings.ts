/**
 * What a filled page holds that cannot run or be fetched without a browser: its `<script>` elements are taken
 * out (a warning for each kind: inline, or each script file), a chart drawn by a script library is named, and
 * remote pictures, stylesheets and frames are listed.
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)(?:<\/script\s*>|$)/gi;
const ATTRIBUTE = (name: string): RegExp => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
/** Script types a browser runs; others (`application/json`, templates) only hold data. */
const RUNNABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);
const CHART_LIBRARIES: [RegExp, string][] = [
  [/highcharts/i, 'Highcharts'],
  [/chartkick/i, 'Chartkick'],
  [/chart\.js|new\s+Chart\s*\(/i, 'Chart.js'],
  [/\bd3(\.min)?\.js|\bd3\.select\s*\(/i, 'D3'],
];
const REMOTE = /^(?:https?:)?\/\//i;
const IMG_SOURCE = /<(?:img|image|source)\b[^>]*?\b(?:src|href|xlink:href|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi;
const STYLESHEET = /<link\b[^>]*\brel\s*=\s*["']?stylesheet[^>]*>/gi;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/gi;

function attribute(attributes: string, name: string): string | undefined {
  const match = ATTRIBUTE(name).exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

export interface PageScan {
  html: string;
  warnings: string[];
  remotePictures: string[];
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : `${count} ${many}`;
}

/** The page without its scripts, with a warning for each kind of script and each chart library they used. */
export function withoutScripts(html: string): { html: string; warnings: string[] } {
  const kinds = new Map<string, number>();
  const charts = new Set<string>();
  const stripped = html.replace(SCRIPT, (_whole, attributes: string, code: string) => {
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!RUNNABLE_TYPES.has(type)) return '';
    const source = attribute(attributes, 'src');
    const kind = source ? `the script ${source}` : 'inline';
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    for (const [pattern, library] of CHART_LIBRARIES) if (pattern.test(`${source ?? ''} ${code}`)) charts.add(library);
    return '';
  });
  const warnings = [...kinds].map(([kind, count]) =>
    kind === 'inline'
      ? `${plural(count, 'an inline <script> is', 'inline <script> elements are')} not run: scripts do not run here`
      : `${kind} is not run: scripts do not run here`,
  );
  for (const library of charts) warnings.push(`a chart drawn by ${library} is not drawn: it needs a script`);
  return { html: stripped, warnings };
}

const FONT_FILE = /\.(woff2?|ttf|otf|eot)([?#].*)?$/i;

function addRemote(found: Set<string>, value: string | undefined): void {
  const url = (value ?? '').trim();
  if (REMOTE.test(url)) found.add(url);
}

/** The URLs of a `srcset` ("a.png 1x, b.png 2x"), or of a `src`. */
function addSources(found: Set<string>, value: string | undefined): void {
  for (const candidate of (value ?? '').split(/,\s+/)) addRemote(found, candidate.trim().split(/\s+/)[0]);
}

function listed(urls: string[]): string {
  const more = urls.length > 3 ? ` and ${urls.length - 3} more` : '';
  return `${urls.slice(0, 3).join(', ')}${more}`;
}

/** The remote pictures, stylesheets and frames of a page (its scripts already out). */
export function scanPage(html: string, allowRemotePictures: boolean): PageScan {
  const { html: page, warnings } = withoutScripts(html);
  const pictures = new Set<string>();
  for (const match of page.matchAll(IMG_SOURCE)) addSources(pictures, match[1] ?? match[2]);
  const stylesheets = new Set<string>();
  for (const link of page.match(STYLESHEET) ?? []) addRemote(stylesheets, attribute(link, 'href'));
  for (const match of page.matchAll(CSS_IMPORT)) addRemote(stylesheets, match[1]);
  for (const match of page.matchAll(CSS_URL)) addRemote(pictures, match[1] ?? match[2] ?? match[3]);
  for (const stylesheet of stylesheets) {
    pictures.delete(stylesheet);
    warnings.push(`the stylesheet ${stylesheet} is not fetched`);
  }
  const frames = (page.match(/<iframe\b/gi) ?? []).length;
  if (frames > 0)
    warnings.push(`${plural(frames, 'an <iframe> is', '<iframe> elements are')} not drawn: nothing is fetched`);
  const fonts = [...pictures].filter((url) => FONT_FILE.test(url));
  if (fonts.length > 0) {
    warnings.push(`${plural(fonts.length, 'a remote font is', 'remote fonts are')} not fetched: ${listed(fonts)}`);
  }
  const remotePictures = [...pictures].filter((url) => !FONT_FILE.test(url));
  if (!allowRemotePictures && remotePictures.length > 0) {
    warnings.push(
      `${plural(remotePictures.length, 'a remote picture is', 'remote pictures are')} not fetched: ${listed(remotePictures)}`,
    );
  }
  return { html: page, warnings, remotePictures };
}
