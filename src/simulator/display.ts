// The display operations: text, title-and-body and image pushes to a device's
// pages, and page deletion.

import { imageMediaType, KNOWN_IMAGE_FORMATS } from './image-format';
import { boundaryOf, type FormPart, MultipartError, parseMultipart } from './multipart';
import {
  type ApiRequest,
  type Envelope,
  jsonBody,
  knownDevice,
  type OperationContext,
  successWithData,
  successWithMsg,
} from './operation';
import {
  pageSlotsOf,
  type SimImage,
  type SimImagePage,
  type SimPage,
  type SimState,
  type SimStructuredPage,
  type SimTextPage,
} from './state';
import { badRequest, optionalInteger, optionalString, parsePageId, requiredString } from './validate';

export const MAX_TEXT_LENGTH = 5000;
export const MAX_TITLE_LENGTH = 200;
export const MAX_IMAGES = 5;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const DEFAULT_FONT_SIZE = 20;

type PushMetadata = 'pushedAt' | 'persistent';
type PageContent =
  Omit<SimTextPage, PushMetadata> | Omit<SimStructuredPage, PushMetadata> | Omit<SimImagePage, PushMetadata>;

/**
 * Stores content on the page named, persistently; without a pageId the content becomes the device's
 * temporary screen, shown now and stored as no page. The answer is the one every documented example
 * gives: totalPages equal to pushedPages, and the pageId as a string, echoed only when one was given
 * (public clients saw the echo missing on a push without one).
 */
function storePage(
  state: SimState,
  deviceId: string,
  pageId: number | undefined,
  content: PageContent,
  pushedPages: number,
): Envelope {
  const device = knownDevice(state, deviceId);
  const stored: SimPage = { ...content, pushedAt: Date.now(), persistent: pageId !== undefined };
  if (pageId === undefined) {
    state.temporaryScreens.set(device.deviceId, stored);
    return successWithData({ totalPages: pushedPages, pushedPages });
  }
  pageSlotsOf(state, device.deviceId)[pageId - 1] = stored;
  return successWithData({ totalPages: pushedPages, pushedPages, pageId: String(pageId) });
}

export function pushText({ state, request, params }: OperationContext): Envelope {
  const body = jsonBody(request);
  const text = requiredString(body, 'text', MAX_TEXT_LENGTH);
  const fontSize = optionalInteger(body, 'fontSize', { min: 12, max: 48 }) ?? DEFAULT_FONT_SIZE;
  const pageId = parsePageId(body.pageId);
  return storePage(state, params.deviceId, pageId, { kind: 'text', text, fontSize }, 1);
}

export function pushStructuredText({ state, request, params }: OperationContext): Envelope {
  const body = jsonBody(request);
  const title = optionalString(body, 'title', MAX_TITLE_LENGTH) ?? '';
  const text = optionalString(body, 'body', MAX_TEXT_LENGTH) ?? '';
  if (title.trim() === '' && text.trim() === '') throw badRequest('title or body is required (at least one of them)');
  const pageId = parsePageId(body.pageId);
  return storePage(state, params.deviceId, pageId, { kind: 'structured', title, body: text }, 1);
}

function formParts(request: ApiRequest): FormPart[] {
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary) throw badRequest('Content-Type must be multipart/form-data with a boundary');
  try {
    return parseMultipart(request.rawBody, boundary);
  } catch (error) {
    if (error instanceof MultipartError) throw badRequest(`malformed multipart body: ${error.message}`);
    throw error;
  }
}

function firstFieldValue(parts: FormPart[], name: string): string | undefined {
  return parts.find((part) => part.name === name)?.data.toString('utf8');
}

function parseDither(value: string | undefined): boolean {
  if (value === undefined || value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest('dither must be true or false');
}

/** A declared type that does not say "something else": none, application/octet-stream, or image/*. */
function mayBeImage(declaredType: string | undefined): boolean {
  const mediaType = (declaredType ?? '').split(';')[0].trim().toLowerCase();
  return mediaType === '' || mediaType === 'application/octet-stream' || /^image\/[\w.+-]+$/.test(mediaType);
}

/** Each file part must be an image of a known format, told from its bytes, whatever name or type it came with. */
function checkedImage(file: FormPart, index: number): SimImage {
  const field = `images[${index}]`;
  if (file.filename === undefined) throw badRequest(`${field} must be a file part with a filename`);
  if (!mayBeImage(file.contentType)) throw badRequest(`${field} must be an image, not ${file.contentType}`);
  if (file.data.length > MAX_IMAGE_BYTES) throw badRequest(`${field} is larger than 2 MB`);
  const contentType = imageMediaType(file.data);
  if (!contentType) throw badRequest(`${field} is no image of a known format (${KNOWN_IMAGE_FORMATS})`);
  return { contentType, data: file.data };
}

function checkedImages(parts: FormPart[]): SimImage[] {
  const files = parts.filter((part) => part.name === 'images');
  if (files.length === 0) throw badRequest('images is required: 1 to 5 image files');
  if (files.length > MAX_IMAGES) throw badRequest(`images: at most ${MAX_IMAGES} images per push`);
  return files.map(checkedImage);
}

export function pushImages({ state, request, params }: OperationContext): Envelope {
  const parts = formParts(request);
  const images = checkedImages(parts);
  const dither = parseDither(firstFieldValue(parts, 'dither'));
  const pageId = parsePageId(firstFieldValue(parts, 'pageId'));
  return storePage(state, params.deviceId, pageId, { kind: 'image', images, dither }, images.length);
}

export function deletePage({ state, params }: OperationContext): Envelope {
  const pageId = parsePageId(params.pageId);
  const device = knownDevice(state, params.deviceId);
  if (pageId !== undefined) pageSlotsOf(state, device.deviceId)[pageId - 1] = null;
  return successWithMsg();
}

export function deleteAllPages({ state, params }: OperationContext): Envelope {
  const device = knownDevice(state, params.deviceId);
  pageSlotsOf(state, device.deviceId).fill(null);
  return successWithMsg();
}
