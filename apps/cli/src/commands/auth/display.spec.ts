import { hasDisplay } from './display';

describe('hasDisplay', () => {
  it.each([
    [{ DISPLAY: ':0' }, 'linux', true],
    [{ WAYLAND_DISPLAY: 'wayland-0' }, 'linux', true],
    [{}, 'linux', false],
    [{ DISPLAY: '' }, 'freebsd', false],
    [{}, 'darwin', true],
    [{ SSH_CONNECTION: '203.0.113.1 50000 198.51.100.2 22' }, 'darwin', false],
    [{ SSH_TTY: '/dev/ttys001' }, 'darwin', false],
  ] as const)('%p on %s: %p', (env, platform, expected) => {
    expect(hasDisplay(env, platform)).toBe(expected);
  });
});
