import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

// Where the platform has no such flag (Windows), 0 leaves the open as it is; the lstat check still applies.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * The bytes of `file` when it is a regular file inside `root` reached without a symbolic link (neither the file
 * nor a folder on the way), else null. A named pipe, a socket or a device is never opened for reading, and the
 * open itself never blocks (O_NONBLOCK): a FIFO in the card folder cannot stall the server.
 */
export async function readRegularFile(root: string, file: string): Promise<Buffer | null> {
  try {
    const found = await lstat(file);
    if (!found.isFile()) return null;
    // The folder the file is in, resolved, must be the same folder under the resolved root: no linked folder.
    const inside = relative(root, dirname(file));
    const expected = inside === '' ? await realpath(root) : join(await realpath(root), ...inside.split(sep));
    if ((await realpath(dirname(file))) !== expected) return null;
    const handle = await open(file, OPEN_FLAGS);
    try {
      const opened = await handle.stat();
      // The file may have been swapped between the lstat and the open.
      if (!opened.isFile() || opened.ino !== found.ino || opened.dev !== found.dev) return null;
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}
