const SLICE_BYTES = 32_768;

/**
 * Encodes bytes as base64: natively where the engine has `Uint8Array.prototype.toBase64` (Chromium 140+), else
 * through `btoa` over 32 KiB slices passed with `apply` (spreading a typed array walks its iterator: a 9 MiB
 * `fs.writeBytes` took seconds).
 * @example encodeBase64(new TextEncoder().encode('hi')) // 'aGk='
 */
export function encodeBase64(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): string {
  const view =
    bytes instanceof Uint8Array
      ? bytes
      : ArrayBuffer.isView(bytes)
        ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
        : new Uint8Array(bytes);
  const native = (view as Uint8Array & { toBase64?: () => string }).toBase64;
  if (typeof native === 'function') return native.call(view);
  let binary = '';
  for (let start = 0; start < view.length; start += SLICE_BYTES) {
    binary += String.fromCharCode.apply(null, view.subarray(start, start + SLICE_BYTES) as unknown as number[]);
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
