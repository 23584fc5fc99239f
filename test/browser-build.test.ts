// @vitest-environment node
// The browser build a vanilla card vendors (dist/browser, copied into vendor/card-sdk by the template's
// scripts/vendor-sdk.mjs): its live models run on its own client and mock host, and share their code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as Live from '../src/live/index.js';
import type * as Testing from '../src/testing/index.js';
import { sampleAgents, TEST_RADAR_MANIFEST } from '../src/testing/fixtures.js';

const browser = join(process.cwd(), 'dist', 'browser');
const load = <T>(path: string) => import(pathToFileURL(join(browser, path)).href) as Promise<T>;

describe("the browser build's live entry", () => {
  it('imports only the chunks client.js already loads', () => {
    const code = readFileSync(join(browser, 'live', 'index.js'), 'utf8');
    const imports = [...code.matchAll(/from\s*["']([^"']+)["']/g)].map((match) => match[1]);
    const client = readFileSync(join(browser, 'client.js'), 'utf8');
    expect(imports.length).toBeGreaterThan(0);
    for (const path of imports) expect(client).toContain(`"./${String(path).replace(/^\.\.\//, '')}"`);
  });

  it("keeps a card's agent list current on the build's own mock host", async () => {
    const { createMockHost } = await load<typeof Testing>('testing/index.js');
    const { createAgentsModel } = await load<typeof Live>('live/index.js');
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents() });
    const card = await host.connect();
    const agents = createAgentsModel(card);
    const seen: string[] = [];
    const stop = agents.subscribe(() => seen.push(agents.getSnapshot().status));
    await expect.poll(() => agents.getSnapshot().data?.length).toBe(sampleAgents().length);
    const [first] = sampleAgents();
    host.setAgentStatus(first.id, 'needs-input');
    await expect.poll(() => agents.agent(first.id)?.status).toBe('needs-input');
    expect(seen).toContain('success');
    stop();
    card.close();
    host.close();
  });
});
