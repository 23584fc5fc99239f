import { spawn } from 'node:child_process';

/** The system command that opens a URL in the default browser. */
function browserCommand(platform: NodeJS.Platform, url: string): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  return { command: 'xdg-open', args: [url] };
}

/** Opens `url` in the system browser; resolves with null, or with why it could not be opened (one line). */
export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<string | null> {
  const { command, args } = browserCommand(platform, url);
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command, args, { stdio: 'ignore', detached: true });
    } catch (error) {
      resolve(`${command}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // The opener returns at once; one that is still running after a while has handed the URL over.
    const timer = setTimeout(() => {
      child.unref();
      resolve(null);
    }, 3000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`${command}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not installed' : error.message}`);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? null : `${command} exited with ${code ?? 'a signal'}`);
    });
  });
}
