/** Width and height of an icon image, or a reason it is not one. */
export type ImageInfo = { ok: true; width: number; height: number } | { ok: false; reason: string };

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Reads the IHDR of a PNG: a real PNG starts with the signature followed by a 13-byte IHDR chunk. */
export function readPngInfo(bytes: Uint8Array): ImageInfo {
  if (bytes.length < 33 || SIGNATURE.some((byte, index) => bytes[index] !== byte)) {
    return { ok: false, reason: 'not a PNG file (bad signature)' };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkLength = view.getUint32(8);
  const chunkType = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunkType !== 'IHDR' || chunkLength !== 13) return { ok: false, reason: 'not a PNG file (no IHDR chunk)' };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return { ok: false, reason: 'PNG has a zero width or height' };
  return { ok: true, width, height };
}

/** Reads the size of a WebP image from its VP8, VP8L or VP8X header. */
export function readWebpInfo(bytes: Uint8Array): ImageInfo {
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 30 || tag(0) !== 'RIFF' || tag(8) !== 'WEBP') return { ok: false, reason: 'not a WebP file' };
  const chunk = tag(12);
  const at = (offset: number) => bytes[offset];
  let width = 0;
  let height = 0;
  if (chunk === 'VP8X') {
    width = 1 + (at(24) | (at(25) << 8) | (at(26) << 16));
    height = 1 + (at(27) | (at(28) << 8) | (at(29) << 16));
  } else if (chunk === 'VP8L' && at(20) === 0x2f) {
    width = 1 + (at(21) | ((at(22) & 0x3f) << 8));
    height = 1 + ((at(22) >> 6) | (at(23) << 2) | ((at(24) & 0x0f) << 10));
  } else if (chunk === 'VP8 ' && at(23) === 0x9d && at(24) === 0x01 && at(25) === 0x2a) {
    width = (at(26) | (at(27) << 8)) & 0x3fff;
    height = (at(28) | (at(29) << 8)) & 0x3fff;
  } else {
    return { ok: false, reason: 'not a WebP file (unknown image chunk)' };
  }
  if (width === 0 || height === 0) return { ok: false, reason: 'WebP has a zero width or height' };
  return { ok: true, width, height };
}
