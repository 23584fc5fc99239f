// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readPngInfo, readWebpInfo } from './icon-image.js';
import { makePng } from './test-folders.js';

describe('icon images', () => {
  it('reads the size of a real PNG', () => {
    expect(readPngInfo(makePng(64, 48))).toEqual({ ok: true, width: 64, height: 48 });
  });

  it('refuses a file that only has a .png name', () => {
    expect(
      readPngInfo(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg> padding padding')),
    ).toEqual({
      ok: false,
      reason: 'not a PNG file (bad signature)',
    });
  });

  it('reads the size of a lossless WebP', () => {
    const webp = new Uint8Array(30);
    webp.set(new TextEncoder().encode('RIFF'), 0);
    webp.set(new TextEncoder().encode('WEBPVP8L'), 8);
    webp[20] = 0x2f;
    // width-1 = 127 and height-1 = 127 packed in 14-bit fields.
    const bits = 127 | (127 << 14);
    webp[21] = bits & 0xff;
    webp[22] = (bits >> 8) & 0xff;
    webp[23] = (bits >> 16) & 0xff;
    webp[24] = (bits >> 24) & 0xff;
    expect(readWebpInfo(webp)).toEqual({ ok: true, width: 128, height: 128 });
  });
});
