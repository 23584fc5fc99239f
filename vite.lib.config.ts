import react from '@vitejs/plugin-react';
import { builtinModules } from 'node:module';
import { defineConfig, type UserConfig } from 'vite';

// Packages a card installs beside the SDK: imported from dist/, never bundled into it, so npm installs one
// copy that the card and the SDK share (React, and for ./react the query cache and the store).
// The MCP SDK is left out of the library build; the mcp-sdk build below bundles it into src/dev/mcp-sdk.js, which
// only `dev`'s MCP endpoint loads.
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^@tanstack\/react-query($|\/)/,
  /^zustand($|\/)/,
  /^@modelcontextprotocol\/sdk($|\/)/,
  /^node:/,
  // Storybook's own APIs, for the ./storybook entries only: the card's Storybook provides them.
  /^storybook($|\/)/,
];

// Library build (default): one ESM module per source file under dist/, so a card's bundler keeps only the
// modules it reaches. Browser build (--mode browser): the core, the mock host and the card runtime (client.js,
// what a running card imports) minified into dist/browser/, the files the no-build template vendors.
const library: UserConfig = {
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    cssCodeSplit: true,
    lib: {
      entry: {
        index: 'src/index.ts',
        'testing/index': 'src/testing/index.ts',
        'host/index': 'src/host/index.ts',
        'live/index': 'src/live/index.ts',
        'react/index': 'hooks/index.ts',
        'components/index': 'components/index.ts',
        'storybook/index': 'storybook/index.ts',
        // The Host panel addon: its preset (Node) and the panel's sheet; the manager entry is its own build below.
        'storybook/preset': 'storybook/host-panel/preset.ts',
        'storybook/host-panel': 'storybook/host-panel/host-panel.css',
        'storybook/control-panel': 'dev-host/panel/control-panel.css',
        cli: 'src/cli/main.ts',
        'vite/index': 'src/vite/index.ts',
        ui: 'src/ui.css',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external,
      output: {
        preserveModules: true,
        preserveModulesRoot: '.',
        entryFileNames: (chunk) => (chunk.isEntry ? '[name].js' : 'modules/[name].js'),
      },
      onwarn(warning, next) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        next(warning);
      },
    },
  },
};

// Not lib mode, which leaves whitespace in minified ES output; the entries keep their exports.
const browser: UserConfig = {
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    modulePreload: false,
    rolldownOptions: {
      input: {
        index: 'src/index.ts',
        client: 'src/card-runtime.ts',
        'live/index': 'src/live/index.ts',
        'testing/index': 'src/testing/index.ts',
      },
      preserveEntrySignatures: 'strict',
      external: [/^node:/],
      output: { entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
    },
  },
};

// The Host panel's manager entry (--mode storybook-manager): one file with the panel and the kit it draws with,
// JSX compiled to `React.createElement`. Storybook's manager maps `react` to its own copy but not
// `react/jsx-runtime`, which would come from the card's React and make elements the manager's React refuses.
const storybookManager: UserConfig = {
  oxc: { jsx: { runtime: 'classic' } },
  build: {
    outDir: 'dist/storybook',
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    lib: { entry: { manager: 'storybook/host-panel/manager.tsx' }, formats: ['es'] },
    rolldownOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^storybook($|\/)/],
      onwarn(warning, next) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        next(warning);
      },
    },
  },
};

// The MCP SDK for `dev`'s /mcp endpoint (--mode mcp-sdk, after the library build): src/dev/mcp-sdk.ts with the SDK and
// its own dependencies bundled and minified into the file the library build's mcp-endpoint.js imports, so the package
// keeps zero runtime dependencies.
const mcpSdk: UserConfig = {
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    outDir: 'dist/modules/src/dev',
    emptyOutDir: false,
    target: 'node20',
    minify: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: { 'mcp-sdk': 'src/dev/mcp-sdk.ts' },
      external: [/^node:/, ...builtinModules],
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
};

const modes: Record<string, UserConfig> = { browser, 'storybook-manager': storybookManager, 'mcp-sdk': mcpSdk };

export default defineConfig(({ mode }) => modes[mode] ?? library);
