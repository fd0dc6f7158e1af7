const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * The route of a handler (libs/sdk/README.md "`server.add(handler)` / `server.add(path, handler)`"): `/webhooks/<name>`, where the name is the explicit
 * path with its leading and trailing slashes trimmed, else the handler's function name.
 * Throws TypeError when neither gives a usable URL path.
 */
export function webhookRoutePath(explicitPath: string | undefined, handlerName: string): string {
  if (explicitPath === undefined && !handlerName) {
    throw new TypeError(
      "This handler has no name: give it a path, e.g. server.add('/my_handler', handler), or use a named function.",
    );
  }
  const name = (explicitPath ?? handlerName).replace(/^\/+|\/+$/g, '');
  const segments = name.split('/');
  const usable = name !== '' && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
  if (!usable) {
    const origin =
      explicitPath === undefined
        ? `function name ${JSON.stringify(handlerName)}`
        : JSON.stringify(explicitPath);
    throw new TypeError(
      `Cannot derive a webhook route from ${origin}: use letters, digits, '.', '_', '~', '-' and '/' between segments.`,
    );
  }
  return `/webhooks/${name}`;
}
