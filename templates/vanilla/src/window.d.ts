// The preview leaves its mock host on \`window\` for the browser console: \`mockHost.setAgentStatus('agent-1', 'working')\`.
import type { MockHost } from '../vendor/card-sdk/testing/index.js';

declare global {
  interface Window {
    /** The mock host the preview runs the card on (\`npm run preview\`); absent inside the app. */
    mockHost?: MockHost;
  }
}
