/** Why a file name looks like a credential, or null when it does not (.env*, keys, npm/git/netrc credentials). */
export function credentialReason(path: string): string | null {
  const name = (path.split('/').pop() ?? path).toLowerCase();
  if (name.startsWith('.env') && name !== '.env.example') return 'environment file (.env*)';
  if (/\.(pem|key|p12|pfx)$/.test(name)) return 'private key or certificate';
  if (name.startsWith('id_rsa')) return 'SSH key';
  if (name === '.npmrc') return 'npm credentials (.npmrc)';
  if (name === '.git-credentials') return 'git credentials';
  if (name === '.netrc') return 'netrc credentials';
  return null;
}
