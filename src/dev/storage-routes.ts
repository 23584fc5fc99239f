// The dev page's route to the card's kept storage: `GET /__dev/storage` (what the page seeds its mock host
// with) and `POST /__dev/storage` (the storage after a change, written to the file). Only the dev page: a
// loopback Host, the session's token, and its own Origin (required on a POST); never the card frame.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sanitizeText } from '../cli/sanitize.js';
import { LIMITS } from '../contract/limits.js';
import { loopbackOrigins, refuseStranger } from './loopback-host.js';
import { parseJson, readBody } from './request-body.js';
import { sameSecret } from './same-secret.js';
import {
  readKeptStorage,
  readStorageFile,
  STORAGE_FILE,
  writeStorageFile,
  type KeptStorage,
  type StorageFinding,
} from './storage-file.js';

/** What the storage route reads and where it prints. */
export interface StorageRouteOptions {
  /** The card folder (absolute). */
  folder: string;
  /** The page session's token (`?token=`). */
  token: string;
  /** The dev page's port (requests must name it in `Host`, and come from its origin). */
  port(): number;
  /** Writes to the terminal. */
  print(text: string): void;
}

/** The card's kept storage on the dev server. */
export interface DevStorage {
  /** Answers `/__dev/storage`; false when the request is for another route. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
}

/** What `GET /__dev/storage` answers: the storage to seed, and the file's problems (the page lists them). */
export interface StorageAnswer extends KeptStorage {
  findings: string[];
}

const STORAGE_PATH = '/__dev/storage';
/** The most findings printed for one file (a file of 10,000 bad keys is one problem, not 10,000 lines). */
const FINDINGS_SHOWN = 20;
// Both quotas as UTF-8 (up to 3 bytes a UTF-16 unit), with room for the JSON around the keys.
const BODY_LIMIT = 3 * (LIMITS.instanceStorageBytes + LIMITS.packageStorageBytes) + 4 * 1024 * 1024;

/** The findings, one a line (file, path, message), at most 20 and a count of the rest. */
function storageFindingLines(findings: readonly StorageFinding[]): string[] {
  const lines = findings
    .slice(0, FINDINGS_SHOWN)
    .map((finding) => `${sanitizeText(finding.file)} ${sanitizeText(finding.path)}: ${sanitizeText(finding.message)}`);
  if (findings.length > FINDINGS_SHOWN) lines.push(`… and ${findings.length - FINDINGS_SHOWN} more`);
  return lines;
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(text);
}

/**
 * Reads the card folder's storage file and answers the page's storage route. A bad file is printed as findings
 * (file and JSON path) and the card starts with empty storage; the file stays as it is until the card writes.
 */
export function createDevStorage(options: StorageRouteOptions): DevStorage {
  const read = readStorageFile(options.folder);
  let storage = read.storage;
  // What the file holds now, as the page would post it: an unchanged post writes nothing.
  let current = JSON.stringify(storage);
  // The file's problems, until the card writes its storage over it.
  let findings = storageFindingLines(read.findings);
  if (findings.length > 0) {
    options.print(
      `${STORAGE_FILE} has problems; the card starts with empty storage (the file is left as it is until the card writes):\n${findings.map((line) => `  ✖ ${line}\n`).join('')}`,
    );
  }

  const save = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const text = await readBody(request, BODY_LIMIT);
    if (text === null) {
      plain(response, 413, 'too large\n');
      return;
    }
    const posted = readKeptStorage(parseJson(text), 'the posted storage');
    if (posted.findings.length > 0) {
      plain(response, 400, storageFindingLines(posted.findings).join('\n') + '\n');
      return;
    }
    const next = JSON.stringify(posted.storage);
    if (next !== current) {
      try {
        writeStorageFile(options.folder, posted.storage);
      } catch (error) {
        const message = `${STORAGE_FILE} could not be written: ${error instanceof Error ? error.message : String(error)}`;
        options.print(`${sanitizeText(message)}\n`);
        plain(response, 500, `${message}\n`);
        return;
      }
      storage = posted.storage;
      current = next;
      findings = [];
    }
    response.writeHead(204, { 'cache-control': 'no-store' }).end();
  };

  return {
    serve(request, response) {
      const url = new URL(request.url ?? '/', 'http://host');
      if (url.pathname !== STORAGE_PATH) return false;
      const origins = loopbackOrigins(options.port());
      if (refuseStranger(request, response, options.port(), origins)) return true;
      const origin = request.headers.origin;
      const fromPage = request.method !== 'POST' || (origin !== undefined && origins.includes(origin));
      if (!fromPage || !sameSecret(url.searchParams.get('token'), options.token)) {
        // A page left open from an earlier run carries that run's token.
        plain(response, 403, 'only the dev page of this dev run may use this route (reload the page)\n');
        return true;
      }
      if (request.method === 'GET') {
        const answer: StorageAnswer = { ...storage, findings };
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        response.end(JSON.stringify(answer));
      } else if (request.method === 'POST') void save(request, response);
      else response.writeHead(405, { allow: 'GET, POST' }).end();
      return true;
    },
  };
}
