import { DEFAULT_RETURN_TO, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    '/oauth/authorize?client_id=a&redirect_uri=https%3A%2F%2Fapp.example',
    '/oauth/device?user_code=ABCD-EFGH',
  ])('keeps the local path %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme-relative URL', '//evil.example/'],
    ['a backslash trick', '/\\evil.example'],
    ['a relative path', 'oauth/authorize'],
    ['a control character', '/oauth\r\nLocation: x'],
    ['a non-string', ['/a', '/b']],
    ['nothing', undefined],
  ])('replaces %s with the default', (_case, value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });
});
