import { webhookRoutePath } from './webhook-route-path';

describe('webhookRoutePath', () => {
  it.each([
    [undefined, 'trigger_training', '/webhooks/trigger_training'],
    ['/say_hello', 'ignored', '/webhooks/say_hello'],
    ['say_hello', '', '/webhooks/say_hello'],
    ['//nested/path//', '', '/webhooks/nested/path'],
    ['v1.2~beta-x', '', '/webhooks/v1.2~beta-x'],
  ])('path %p with function name %p gives %p', (path, name, expected) => {
    expect(webhookRoutePath(path, name)).toBe(expected);
  });

  it('refuses an anonymous handler without a path', () => {
    expect(() => webhookRoutePath(undefined, '')).toThrow(/has no name: give it a path/);
  });

  it.each(['/', '', 'has space', 'a/../b', 'é', 'a?b'])('refuses the explicit path %p', (path) => {
    expect(() => webhookRoutePath(path, 'fine')).toThrow(TypeError);
  });

  it('refuses a function name that is not a URL segment, such as a bound function', () => {
    expect(() => webhookRoutePath(undefined, 'bound handler')).toThrow(
      /function name "bound handler"/,
    );
  });
});
