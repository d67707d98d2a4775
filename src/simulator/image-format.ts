// What kind of image a file part holds, told from its bytes alone: several
// public clients send image parts with no Content-Type or as
// application/octet-stream, and the service evidently finds the format itself.

interface ImageSignature {
  mediaType: string;
  matches: (bytes: Buffer) => boolean;
}

function hasAt(bytes: Buffer, offset: number, signature: string | number[]): boolean {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
}

const BMP_HEADERS_BYTES = 26; // file header (14) plus the DIB header's size, width and height

const SIGNATURES: readonly ImageSignature[] = [
  { mediaType: 'image/png', matches: (b) => hasAt(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mediaType: 'image/jpeg', matches: (b) => hasAt(b, 0, [0xff, 0xd8, 0xff]) },
  { mediaType: 'image/gif', matches: (b) => hasAt(b, 0, 'GIF87a') || hasAt(b, 0, 'GIF89a') },
  { mediaType: 'image/bmp', matches: (b) => hasAt(b, 0, 'BM') && b.length >= BMP_HEADERS_BYTES },
  { mediaType: 'image/webp', matches: (b) => hasAt(b, 0, 'RIFF') && hasAt(b, 8, 'WEBP') },
];

export const KNOWN_IMAGE_FORMATS = 'PNG, JPEG, GIF, BMP, WebP';

/** The media type of the image these bytes are (e.g. 'image/png'), or undefined when they are none of the known formats. */
export function imageMediaType(bytes: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mediaType;
}
