// The app's rules for one `net.fetch` request, shared by the mock host and the `dev` proxy.
import { CardSdkError } from './errors.js';
import { checkRequestHeader } from './headers.js';
import { isHostAllowed, isLocalHost } from './hosts.js';
import { fillSecretPlaceholders, secretNames } from './secrets.js';

/** What a `net.fetch` URL is checked against: the `network` hosts and which network permissions are granted. */
export interface NetGrants {
  /** The manifest's `network` host patterns. */
  hosts: readonly string[];
  /** `network` is granted. */
  network: boolean;
  /** `network.local` is granted. */
  local: boolean;
}

/**
 * Checks a `net.fetch` URL the app's way and returns it parsed: no credentials, this computer only with
 * `network.local` (http or https), any other host over https and in the `network` hosts.
 */
export function checkFetchUrl(raw: string, grants: NetGrants): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CardSdkError('INVALID_PARAMS', 'not a URL');
  }
  if (url.username || url.password) throw new CardSdkError('INVALID_PARAMS', 'credentials in the URL are not allowed');
  if (isLocalHost(url.hostname)) {
    if (!grants.local) {
      throw new CardSdkError('PERMISSION_DENIED', 'localhost needs network.local', { permission: 'network.local' });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CardSdkError('HOST_NOT_ALLOWED', 'http(s) only');
    return url;
  }
  if (url.protocol !== 'https:') throw new CardSdkError('HOST_NOT_ALLOWED', 'https only');
  if (!grants.network || !isHostAllowed(grants.hosts, url.hostname, url.port || 443)) {
    throw new CardSdkError('HOST_NOT_ALLOWED', `${url.hostname} is not in the network permission`);
  }
  return url;
}

/**
 * Checks the headers a card sends and fills their `{{secret:NAME}}` placeholders: each NAME must be one of
 * `secretKeys` and set (`secret(NAME)` not undefined). Returns the headers to send, names lower-cased.
 */
export function fillRequestHeaders(
  headers: Readonly<Record<string, string>>,
  secretKeys: readonly string[],
  secret: (key: string) => string | undefined,
): Record<string, string> {
  const result: Record<string, string> = {};
  // Every header passes the header rule before any secret placeholder is looked at.
  for (const [name, value] of Object.entries(headers)) {
    const problem = checkRequestHeader(name, value);
    if (problem) throw new CardSdkError('INVALID_PARAMS', problem);
  }
  for (const [name, value] of Object.entries(headers)) {
    for (const key of secretNames(value)) {
      if (!secretKeys.includes(key))
        throw new CardSdkError('INVALID_PARAMS', `"${key}" is not a secret setting of this card`);
      if (secret(key) === undefined) throw new CardSdkError('INVALID_PARAMS', `the secret setting "${key}" is not set`);
    }
    const filled = fillSecretPlaceholders(value, (key) => secret(key) ?? '');
    // The value actually sent is checked again: a secret with CR/LF must not add a header of its own.
    if (filled !== value && checkRequestHeader(name, filled)) {
      throw new CardSdkError('INVALID_PARAMS', `header "${name}": a secret filled into it is not a valid header value`);
    }
    result[name.toLowerCase()] = filled;
  }
  return result;
}
