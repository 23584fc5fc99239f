import { describe, expect, it } from 'vitest';
import { UNREADABLE } from '../contract/json.js';
import { notPlainJson, unreadableParams, PLAIN_JSON_LIMITS } from './request-params.js';

describe('request params the channel refuses', () => {
  it('answers params that are not plain JSON with BAD_REQUEST, naming where, with the method', () => {
    const issue = { path: '/when', message: 'not a JSON value (a Date)' };
    const error = notPlainJson('storage.set', issue);
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      hostMessage: 'params must be plain JSON: not a JSON value (a Date)',
      data: issue,
      method: 'storage.set',
    });
  });

  it('answers a part that cannot be read with INVALID_PARAMS naming its path, or the value', () => {
    expect(notPlainJson('ports.emit', { path: '/data/x', message: UNREADABLE })).toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: `invalid params: /data/x ${UNREADABLE}`,
      data: { path: '/data/x', message: UNREADABLE },
      method: 'ports.emit',
    });
    expect(notPlainJson('ports.emit', { path: '', message: UNREADABLE }).hostMessage).toBe(
      `invalid params: the value ${UNREADABLE}`,
    );
    expect(unreadableParams('fs.write', new Error('getter threw'))).toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'invalid params: getter threw',
      method: 'fs.write',
    });
  });

  it('checks values as deep and as large as the contract allows', () => {
    expect(PLAIN_JSON_LIMITS).toEqual({ maxDepth: 64, maxNodes: 200_000 });
  });
});
