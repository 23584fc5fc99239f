import { describe, expect, it } from 'vitest';
import { credentialReason } from './secret-files.js';

describe('credentialReason', () => {
  it.each([
    ['id_ed25519', 'SSH key'],
    ['keys/id_ecdsa.pub', 'SSH key'],
    ['.ssh/config', 'SSH folder (.ssh/)'],
    ['home/.aws/credentials', 'AWS credentials'],
    ['.pypirc', 'PyPI credentials (.pypirc)'],
    ['config/credentials.json', 'credentials file (credentials.json)'],
    ['_netrc', 'netrc credentials'],
    ['.neurosquad-storage.json', 'card storage kept by neurosquad-card dev (.neurosquad-storage.json)'],
  ])('flags %s', (path, reason) => {
    expect(credentialReason(path)).toBe(reason);
  });

  it('leaves ordinary files alone', () => {
    expect(credentialReason('src/credentials.ts')).toBeNull();
    expect(credentialReason('.env.example')).toBeNull();
  });
});
