/**
 * The web pictures of a recipe's page fetched, where the node allows them, and put in the page as data URLs, so
 * the drawing process draws them and fetches nothing: at most MAX_PICTURES, each within the size of a picture a
 * page may hold, all within FETCH_MS. A picture that cannot be fetched, or is not PNG, JPEG, GIF or SVG, is
 * left out with a warning; the page is drawn all the same.
 */
import { CONTENT_TYPES, detectImageFormat } from '../../images';
import { LIMITS } from '../../values/limits';

const MAX_PICTURES = 20;
const FETCH_MS = 10_000;
const DRAWN_FORMATS = new Set(['png', 'jpeg', 'gif']);

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** The picture at `url` as a data URL; or why not. */
async function pictureData(url: string, signal: AbortSignal): Promise<string> {
  const address = decodeAttribute(url.startsWith('//') ? `https:${url}` : url);
  const response = await fetch(address, { signal, redirect: 'follow' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > LIMITS.imageBytes) throw new Error(`it is ${declared} bytes, more than ${LIMITS.imageBytes}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > LIMITS.imageBytes) throw new Error(`it is ${bytes.length} bytes, more than ${LIMITS.imageBytes}`);
  const format = detectImageFormat(bytes);
  if (format && DRAWN_FORMATS.has(format)) return `data:${CONTENT_TYPES[format]};base64,${bytes.toString('base64')}`;
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'image/svg+xml' || /^\s*(<\?xml[^>]*>\s*)?<svg\b/i.test(bytes.subarray(0, 512).toString('utf8'))) {
    return `data:image/svg+xml;base64,${bytes.toString('base64')}`;
  }
  throw new Error(`it is ${format ?? (type || 'not a picture')}: a page draws PNG, JPEG, GIF or SVG`);
}

/** The page's HTML with its web pictures in it as data URLs; a warning for each that is not. */
export async function withWebPictures(
  page: { html: string; remotePictures: readonly string[] },
  signal: AbortSignal,
  warnings: string[],
): Promise<string> {
  const urls = page.remotePictures.slice(0, MAX_PICTURES);
  if (page.remotePictures.length > MAX_PICTURES) {
    warnings.push(
      `${page.remotePictures.length - MAX_PICTURES} web pictures beyond the first ${MAX_PICTURES} are not fetched`,
    );
  }
  if (urls.length === 0) return page.html;
  const within = AbortSignal.any([signal, AbortSignal.timeout(FETCH_MS)]);
  const fetched = await Promise.all(
    urls.map((url) =>
      pictureData(url, within).then(
        (data) => ({ url, data }),
        (error: unknown) => {
          signal.throwIfAborted();
          warnings.push(
            `the picture ${url.slice(0, 80)} is not drawn: ${error instanceof Error ? error.message : String(error)}`,
          );
          return undefined;
        },
      ),
    ),
  );
  let html = page.html;
  for (const found of fetched) if (found) html = html.split(found.url).join(found.data);
  return html;
}
