/**
 * Public suffixes a `network` wildcard may not sit directly over (`*.co.uk`, `*.github.io`): the country registries'
 * second levels and the hosting platforms most sites live under, where one pattern would grant every site anyone
 * registers. A short list, so the core stays small and needs no Public Suffix List; `neurosquad-card validate`
 * refuses the whole list's suffixes, these included.
 */
export const SHARED_SUFFIXES: readonly string[] =
  // Country registries' second levels, then hosting platforms where every user's site is a subdomain.
  (
    'co.uk org.uk com.au net.au org.au co.nz co.jp com.br com.cn co.in co.za ' +
    'com.mx com.sg com.hk com.tw github.io gitlab.io netlify.app vercel.app pages.dev workers.dev herokuapp.com ' +
    'appspot.com firebaseapp.com azurewebsites.net cloudfront.net s3.amazonaws.com blogspot.com'
  ).split(' ');

/** Why a `network` wildcard directly over the public suffix `suffix` is refused (the core's and the CLI's words). */
export function publicSuffixWildcardError(suffix: string): string {
  return `"${suffix}" is a public suffix; name your own domain (*.example.${suffix})`;
}
