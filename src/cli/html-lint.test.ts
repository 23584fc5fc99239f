// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lintCss, lintEntryHtml, lintScript, resolvePackageUrl, scriptImports } from './html-lint.js';

const page = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const errors = (html: string) =>
  lintEntryHtml('dist/index.html', html)
    .findings.filter((f) => f.severity === 'error')
    .map((f) => f.message);
const warnings = (html: string) =>
  lintEntryHtml('dist/index.html', html)
    .findings.filter((f) => f.severity === 'warning')
    .map((f) => f.message);

describe('lintEntryHtml', () => {
  it('passes a Vite build with relative module scripts, preloads and styles', () => {
    const html = page(
      '<div id="root"></div>',
      '<script type="module" crossorigin src="./assets/index-abc.js"></script>' +
        '<link rel="modulepreload" crossorigin href="./assets/card-sdk-1.js">' +
        '<link rel="stylesheet" crossorigin href="./assets/index-def.css">',
    );
    const lint = lintEntryHtml('dist/index.html', html);
    expect(lint.findings).toEqual([]);
    expect(lint.loads).toEqual([
      { path: 'dist/assets/index-abc.js', kind: 'script' },
      { path: 'dist/assets/card-sdk-1.js', kind: 'script' },
      { path: 'dist/assets/index-def.css', kind: 'style' },
    ]);
  });

  it.each([
    ['an inline script', page('<script>console.log(1)</script>'), /inline <script>/],
    [
      'an inline import map',
      page('<script type="importmap">{"imports":{}}</script>'),
      /inline <script type="importmap">/,
    ],
    [
      'an event-handler attribute',
      page('<button onclick="go()">Go</button>'),
      /<button onclick>: event-handler attributes/,
    ],
    [
      'an external script',
      page('<script src="https://cdn.example.com/x.js"></script>'),
      /loads https:\/\/cdn\.example\.com\/x\.js from outside/,
    ],
    ['a protocol-relative script', page('<script src="//cdn.example.com/x.js"></script>'), /from outside the package/],
    [
      'an external stylesheet',
      page('', '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">'),
      /from outside the package/,
    ],
    [
      'an external font in a style block',
      page('<style>@font-face { src: url(https://fonts.gstatic.com/a.woff2) }</style>'),
      /CSS url\(\) loads https/,
    ],
    ['an external image', page('<img src="http://example.com/a.png">'), /<img src> loads http/],
    ['an iframe', page('<iframe src="x.html"></iframe>'), /<iframe> is removed/],
    ['an object', page('<object data="x.swf"></object>'), /<object> is removed/],
    ['an embed', page('<embed src="x.pdf">'), /<embed> is removed/],
    ['a javascript: link', page('<a href="javascript:run()">x</a>'), /javascript:/],
    [
      'a root-relative script',
      page('<script type="module" src="/assets/index.js"></script>'),
      /root-relative URL \/assets\/index\.js/,
    ],
    ['a refresh', page('', '<meta http-equiv="refresh" content="0;url=x">'), /navigates the frame/],
    [
      'an external image in a picture source',
      page('<picture><source srcset="https://x.dev/a.webp 2x"><img src="a.png"></picture>'),
      /<source srcset> loads images from outside/,
    ],
    [
      'an external SVG image',
      page('<svg><image href="https://x.dev/i.png" /></svg>'),
      /<image href> loads https:\/\/x\.dev\/i\.png from outside/,
    ],
    [
      'an external SVG use (xlink:href)',
      page('<svg><use xlink:href="https://x.dev/s.svg#a"></use></svg>'),
      /<use href> loads https/,
    ],
    [
      'an external video poster',
      page('<video poster="https://x.dev/p.png"></video>'),
      /<video poster> loads https:\/\/x\.dev\/p\.png from outside/,
    ],
  ])('refuses %s', (_name, html, message) => {
    expect(errors(html).some((text) => message.test(text))).toBe(true);
  });

  it('allows data: and blob: images and ignores markup in comments', () => {
    expect(errors(page('<img src="data:image/png;base64,AAAA"><!-- <script>x()</script> <iframe> -->'))).toEqual([]);
  });

  it('warns about forms that would navigate and links that open windows', () => {
    expect(warnings(page('<form action="/save" method="post"></form>'))[0]).toMatch(/submission never navigates/);
    expect(warnings(page('<form><button formaction="/save">Save</button></form>'))[0]).toMatch(
      /^<button formaction\/formtarget>: submission never navigates/,
    );
    expect(warnings(page('<a href="https://x.dev" target="_blank">x</a>'))[0]).toMatch(/use card\.openLink/);
  });
});

describe('resolvePackageUrl', () => {
  it('keeps a malformed %-escape as written instead of throwing', () => {
    expect(resolvePackageUrl('dist/index.html', './assets/a%zz.js')).toBe('dist/assets/a%zz.js');
    expect(
      lintEntryHtml('dist/index.html', page('<script type="module" src="./a%E0%A4%A.js"></script>')).loads,
    ).toEqual([{ path: 'dist/a%E0%A4%A.js', kind: 'script' }]);
  });
});

describe('lintCss', () => {
  it('reports an external @import url(…) once, and external fonts and images', () => {
    const css =
      '@import url("https://x.dev/a.css");\n@import "https://x.dev/b.css";\n@font-face { src: url(https://x.dev/f.woff2) }\n.logo { background: url(./logo.png) }';
    expect(lintCss('dist/assets/index.css', css).map((finding) => finding.message.split(' from ')[0])).toEqual([
      'a CSS @import loads https://x.dev/a.css',
      'a CSS @import loads https://x.dev/b.css',
      'a CSS url() loads https://x.dev/f.woff2',
    ]);
  });
});

describe('lintScript', () => {
  it.each([
    ['alert("x")', /calls alert\(\)/],
    ['if (window.confirm("sure?")) go()', /calls confirm\(\)/],
    ['const p = prompt("name")', /calls prompt\(\)/],
    ['alert(String(error))', /calls alert\(\)/],
    ['if (confirm(t("delete", { n: count(items) }))) drop()', /calls confirm\(\)/],
    ['localStorage.setItem("a", "b")', /uses localStorage/],
    ['window.open("https://x.dev")', /calls window\.open\(\)/],
    ['form.submit()', /form\.submit\(\)/],
    ["new Worker('worker.js')", /Blob URL/],
  ])('warns about %s', (code, message) => {
    expect(
      lintScript('main.js', code)
        .map((finding) => finding.message)
        .some((text) => message.test(text)),
    ).toBe(true);
  });

  it('refuses modules imported from outside the package, statically or dynamically', () => {
    const findings = lintScript(
      'dist/assets/index.js',
      'import React from "https://esm.sh/react@19";\nconst chart = await import(\'//cdn.example.com/chart.js\');\nimport { x } from "./x.js";',
    );
    expect(findings).toEqual([
      {
        severity: 'error',
        file: 'dist/assets/index.js',
        message:
          'an import loads https://esm.sh/react@19 from outside the package: the sandbox blocks external resources; ship it inside the package',
      },
      {
        severity: 'error',
        file: 'dist/assets/index.js',
        message:
          'an import loads //cdn.example.com/chart.js from outside the package: the sandbox blocks external resources; ship it inside the package',
      },
    ]);
  });

  it('does not confuse the SDK with blocked APIs', () => {
    expect(
      lintScript(
        'main.js',
        'await card.ui.confirm({ title }); card.agents.prompt(id, text); storage.localStorage2 = 1;',
      ),
    ).toEqual([]);
    expect(
      lintScript(
        'sdk.js',
        'class A { async prompt(agentId, text, options = {}) { return 1 } };const o={confirm(e){return e}}',
      ),
    ).toEqual([]);
    expect(
      lintScript(
        'react.js',
        "throw new Error('If you called form.submit() manually, alert(x) or prompt(y)'); t(`Sends a prompt (queued)`)",
      ),
    ).toEqual([]);
  });
});

describe('helpers', () => {
  it('resolves URLs against the file they are written in', () => {
    expect(resolvePackageUrl('dist/index.html', './assets/a.js?v=1')).toBe('dist/assets/a.js');
    expect(resolvePackageUrl('dist/assets/a.js', '../b.css')).toBe('dist/b.css');
    expect(resolvePackageUrl('index.html', '../outside.js')).toBeNull();
    expect(resolvePackageUrl('index.html', 'data:text/css,x')).toBeNull();
  });

  it('finds static and dynamic relative imports', () => {
    expect(
      scriptImports(
        'dist/assets/index.js',
        'import{a}from"./chunk.js";const p=import("./preview-1.js");import x from "react"',
      ),
    ).toEqual(['dist/assets/chunk.js', 'dist/assets/preview-1.js']);
  });

  it('flags external @import in CSS', () => {
    expect(lintCss('s.css', "@import url('https://x.dev/a.css');")[0]?.message).toMatch(/CSS @import loads https/);
  });
});

describe('huge inputs', () => {
  it('reports every external url() of a 150,000-rule <style> without overflowing the stack', () => {
    const css = 'a{background:url(//x.dev/a.png)}'.repeat(150_000);
    const lint = lintEntryHtml('index.html', page('', `<style>${css}</style>`));
    expect(lint.findings).toHaveLength(150_000);
    expect(lint.findings[149_999]?.message).toMatch(/CSS url\(\) loads \/\/x\.dev\/a\.png from outside the package/);
  });
});
