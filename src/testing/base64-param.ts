import { decodeBase64 } from '../contract/base64.js';
import { CardSdkError } from '../contract/errors.js';

/**
 * Decodes a base64 param of a request (`fs.write` data, a `net.fetch` body): text that is not base64 is the
 * card's mistake, `INVALID_PARAMS` naming the param, not a failure of the host.
 */
export function base64Param(text: string, param: string): Uint8Array {
  try {
    return decodeBase64(text);
  } catch {
    throw new CardSdkError('INVALID_PARAMS', `${param}: not valid base64`, [
      { path: `/${param}`, keyword: 'format', message: 'not valid base64' },
    ]);
  }
}
