import { spawn } from 'node:child_process';

/**
 * Whether a browser can be opened on this machine: a graphical session on Linux and BSDs
 * (`DISPLAY` or `WAYLAND_DISPLAY`), or macOS outside an SSH session. Headless machines (servers,
 * containers, SSH) get nothing opened: the user opens the printed URL on another device.
 */
export function hasDisplay(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): boolean {
  if (platform === 'darwin') return !env.SSH_CONNECTION && !env.SSH_TTY;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Opens `url` in the default browser, detached; false when no opener could be started. */
export function openInBrowser(url: string, platform: NodeJS.Platform): Promise<boolean> {
  const command = platform === 'darwin' ? 'open' : 'xdg-open';
  return new Promise((resolve) => {
    try {
      const child = spawn(command, [url], { detached: true, stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
