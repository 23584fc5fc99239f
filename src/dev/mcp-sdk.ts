// The parts of @modelcontextprotocol/sdk that `dev`'s /mcp endpoint uses, in one module. The package build bundles
// this module whole into one file (vite.lib.config.ts, --mode mcp-sdk), so the SDK keeps zero runtime dependencies
// and a card's install gets no MCP packages; `dev` loads it on the first MCP request.
export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
