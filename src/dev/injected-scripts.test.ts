import { describe, expect, it } from 'vitest';
import { moveInjectedScripts } from './injected-scripts.js';

const PREAMBLE =
  'import { injectIntoGlobalHook } from "/s/@react-refresh";\ninjectIntoGlobalHook(window);\nwindow.$RefreshReg$ = () => {};';

describe('moveInjectedScripts', () => {
  it('moves an inline module script a plugin injected to a file, in its place', () => {
    const source =
      '<html><head><title>t</title></head><body><script type="module" src="/src/main.tsx"></script></body></html>';
    const page = source.replace('<head>', `<head><script type="module" nonce="n">${PREAMBLE}</script>`);
    const { html, files } = moveInjectedScripts(page, source, (name) => `/s/@neurosquad-dev/${name}`);
    expect([...files.values()]).toEqual([PREAMBLE]);
    const [name] = [...files.keys()];
    expect(name).toMatch(/^inline-[0-9a-f]{16}\.js$/);
    expect(html).toBe(
      source.replace('<head>', `<head><script type="module" src="/s/@neurosquad-dev/${name}"></script>`),
    );
  });

  it("leaves the author's inline scripts (the CSP blocks them, as the app does), classic and src scripts alone", () => {
    const source =
      '<head><script type="module">console.log(1)</script><script>document.title = "x"</script></head>' +
      '<body><script type="module" src="/main.js"></script><script type="module"></script></body>';
    const page = source.replace('<head>', '<head><script>window.injected = 1</script>');
    const { html, files } = moveInjectedScripts(page, source, (name) => name);
    expect(files.size).toBe(0);
    expect(html).toBe(page);
  });
});
