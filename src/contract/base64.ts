const SLICE_BYTES = 32_768;

/**
 * Encodes bytes as base64 (in 32 KiB slices, so large buffers never overflow the argument list).
 * @example encodeBase64(new TextEncoder().encode('hi')) // 'aGk='
 */
export function encodeBase64(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): string {
  const view =
    bytes instanceof Uint8Array
      ? bytes
      : ArrayBuffer.isView(bytes)
        ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
        : new Uint8Array(bytes);
  let binary = '';
  for (let start = 0; start < view.length; start += SLICE_BYTES) {
    binary += String.fromCharCode(...view.subarray(start, start + SLICE_BYTES));
  }
  return btoa(binary);
}

/** Decodes base64 into bytes; throws a `DOMException` for text that is not base64. */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
