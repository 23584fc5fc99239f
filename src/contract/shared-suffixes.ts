/**
 * Public suffixes a `network` wildcard may not sit directly over (`*.co.uk`, `*.github.io`): the country registries'
 * second levels and the hosting platforms most sites live under, where one pattern would grant every site anyone
 * registers. A small list, so the core needs no Public Suffix List; `neurosquad-card validate` refuses the whole
 * list's suffixes, these included.
 */
export const SHARED_SUFFIXES: readonly string[] = /* @__PURE__ */ Object.freeze(
  [
    // Country registries' second levels.
    'co.uk org.uk me.uk ltd.uk plc.uk net.uk ac.uk gov.uk com.au net.au org.au edu.au gov.au co.nz net.nz org.nz',
    'co.jp ne.jp or.jp ac.jp co.kr or.kr com.br net.br org.br com.cn net.cn org.cn com.mx com.ar com.tr co.in',
    'net.in org.in co.za com.sg com.hk com.tw co.il com.my co.id com.ph com.ua com.pl co.th com.vn com.co',
    // Hosting platforms: every user's site is a subdomain.
    'github.io githubusercontent.com gitlab.io netlify.app vercel.app pages.dev workers.dev herokuapp.com',
    'appspot.com web.app firebaseapp.com azurewebsites.net cloudfront.net s3.amazonaws.com blogspot.com',
    'onrender.com fly.dev ngrok-free.app trycloudflare.com codeberg.page readthedocs.io',
  ]
    .join(' ')
    .split(' '),
);

/** Why a `network` wildcard directly over the public suffix `suffix` is refused (the core's and the CLI's words). */
export function publicSuffixWildcardError(suffix: string): string {
  return `a wildcard over the public suffix "${suffix}" grants every site registered under it; name your own domain (*.example.${suffix})`;
}
