/**
 * The Content-Security-Policy the dev host sends with every card file, like the app's: scripts, styles, fonts and
 * media only from the card's own origin (images also from `data:` and `blob:`), no network (`connect-src`),
 * blob workers only, no nested frames, forms never submit; violations are reported to `reportUrl`.
 */
export function cardContentSecurityPolicy(cardOrigin: string, reportUrl: string): string {
  const own = `'self' ${cardOrigin}`;
  return [
    "default-src 'none'",
    `script-src ${own}`,
    `style-src ${own}`,
    `font-src ${own}`,
    `img-src ${own} data: blob:`,
    `media-src ${own} data: blob:`,
    `manifest-src ${own}`,
    "connect-src 'none'",
    'worker-src blob:',
    'child-src blob:',
    "frame-src 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    `report-uri ${reportUrl}`,
  ].join('; ');
}
