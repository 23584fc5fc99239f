import { isUtf8 } from 'node:buffer';

/** The offset of the first byte that breaks UTF-8 (overlong forms and encoded surrogates included), or null when all of it is valid. */
export function invalidUtf8Offset(bytes: Uint8Array): number | null {
  if (isUtf8(bytes)) return null;
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at];
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const follow =
      lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (follow === 0 || at + follow >= bytes.length) return at;
    // The second byte's range excludes overlong forms, surrogates (after 0xED) and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    if (bytes[at + 1] < low || bytes[at + 1] > high) return at;
    for (let next = 2; next <= follow; next += 1) if ((bytes[at + next] & 0xc0) !== 0x80) return at;
    at += follow + 1;
  }
  return null;
}

/** A file name read as raw bytes: its text, or how it breaks UTF-8 (the text then shows U+FFFD where bytes are bad). */
export function decodeFileName(
  bytes: Buffer,
): { ok: true; name: string } | { ok: false; shown: string; reason: string } {
  const offset = invalidUtf8Offset(bytes);
  if (offset === null) return { ok: true, name: bytes.toString('utf8') };
  const byte = bytes[offset].toString(16).padStart(2, '0');
  return {
    ok: false,
    shown: bytes.toString('utf8'),
    reason: `its name is not valid UTF-8 (byte 0x${byte} at offset ${offset}); rename it`,
  };
}
