// Debian's Chromium and the flags every browser run here uses (Vitest's browser projects, Playwright tests,
// the bench); Playwright never downloads a browser of its own. CHROMIUM_PATH points at another binary.
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};
