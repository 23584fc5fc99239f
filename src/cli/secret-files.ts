// Files that hold credentials by their path's end (a folder or a name), lower case.
const CREDENTIAL_PATHS: ReadonlyArray<[RegExp, string]> = [
  [/(?:^|\/)\.ssh\//, 'SSH folder (.ssh/)'],
  [/(?:^|\/)\.aws\/credentials$/, 'AWS credentials'],
  [/(?:^|\/)\.pypirc$/, 'PyPI credentials (.pypirc)'],
  [/(?:^|\/)credentials\.json$/, 'credentials file (credentials.json)'],
  [/(?:^|\/)_netrc$/, 'netrc credentials'],
  // What a card stored while `neurosquad-card dev` ran (src/dev/storage-file.ts): test data, often tokens.
  [/(?:^|\/)\.neurosquad-storage\.json$/, 'card storage kept by neurosquad-card dev (.neurosquad-storage.json)'],
];

/** Why a file name looks like a credential, or null when it does not (.env*, keys, SSH/AWS/PyPI/npm/git/netrc credentials, dev's kept storage). */
export function credentialReason(path: string): string | null {
  const lower = path.toLowerCase();
  for (const [pattern, reason] of CREDENTIAL_PATHS) if (pattern.test(lower)) return reason;
  const name = lower.split('/').pop() ?? lower;
  if (name.startsWith('.env') && name !== '.env.example') return 'environment file (.env*)';
  if (/\.(pem|key|p12|pfx)$/.test(name)) return 'private key or certificate';
  if (/^id_(?:rsa|dsa|ecdsa|ed25519)/.test(name)) return 'SSH key';
  if (name === '.npmrc') return 'npm credentials (.npmrc)';
  if (name === '.git-credentials') return 'git credentials';
  if (name === '.netrc') return 'netrc credentials';
  return null;
}
