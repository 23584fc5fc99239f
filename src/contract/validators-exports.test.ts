import { describe, expect, it } from 'vitest';
import * as contract from './index.js';

// Names card code and the published tooling import from the package root.
const PUBLIC_FUNCTIONS = [
  'pickInputFor',
  'portsCompatible',
  'portCoercion',
  'coercePortValue',
  'hasDownstreamPeer',
  'permissionForPeer',
  'parseManifestText',
  'archiveEntryToPackagePath',
  'treeHashInput',
  'impersonationIssues',
  'validateManifest',
  'settingsDefaults',
  'validateSettingsValues',
  'validateValue',
  'checkSchema',
  'checkPlainJson',
  'jsonLength',
  'schemasForPort',
  'isHostAllowed',
  'isLocalHost',
  'checkRequestHeader',
  'secretNames',
  'normalizeWorkspacePath',
  'writeProtectionError',
  'encodeBase64',
  'decodeBase64',
];

describe('contract barrel', () => {
  it.each(PUBLIC_FUNCTIONS.map((name) => [name]))('exports %s', (name) => {
    expect(typeof (contract as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports the tables', () => {
    expect(contract.PORT_TYPE_SCHEMAS['ns:text']).toBeDefined();
    expect(contract.BUILTIN_CARD_PORTS.note.inputs).toHaveLength(2);
    expect(contract.MANIFEST_SCHEMA.$id).toBe(contract.MANIFEST_SCHEMA_ID);
    expect(contract.SECRET_PLACEHOLDER).toBeInstanceOf(RegExp);
  });
});
