import type { Server } from 'node:http';
import { RefusalError } from '../cli/io.js';

/** The address every dev server listens on: loopback only. */
export const DEV_HOSTNAME = '127.0.0.1';

/** The host port `dev` tries first when `--port` is not given. */
export const DEFAULT_DEV_PORT = 5180;

function listenOnce(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = (): void => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, DEV_HOSTNAME);
  });
}

/**
 * Listens on `port` exactly (0: any free one), or, with `tryNext`, on the first free port from `port` on;
 * resolves with the port taken. A port in use is a `RefusalError` saying what to do.
 */
export async function listenOn(server: Server, port: number, tryNext = false): Promise<number> {
  const attempts = tryNext ? 50 : 1;
  for (let offset = 0; offset < attempts; offset += 1) {
    try {
      return await listenOnce(server, port + offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
      if (offset === attempts - 1) {
        throw new RefusalError(
          tryNext
            ? `ports ${port}–${port + offset} are all in use; pick a free one with --port <n>`
            : `port ${port} is in use${code === 'EACCES' ? ' or not allowed' : ''}; pick another with --port <n>, or leave --port out to take the next free one from ${DEFAULT_DEV_PORT}`,
        );
      }
    }
  }
  throw new RefusalError(`no free port from ${port}`);
}
