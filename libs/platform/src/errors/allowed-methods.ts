import type { Express } from 'express';

interface RouteLayer {
  match?(path: string): boolean;
  route?: { methods?: Record<string, boolean> };
}

/**
 * Methods that routes registered on `app` accept for `path`, upper-case: empty when no route
 * knows the path. Used to tell "405 Method Not Allowed" from "404 Not Found".
 */
export function allowedMethodsFor(app: Express | undefined, path: string): string[] {
  const stack = (app as unknown as { router?: { stack?: RouteLayer[] } } | undefined)?.router
    ?.stack;
  if (!Array.isArray(stack)) return [];
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route?.methods || typeof layer.match !== 'function') continue;
    try {
      if (!layer.match(path)) continue;
    } catch {
      // A malformed percent-encoding in the path: no route can match it.
      continue;
    }
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (enabled && method !== '_all') methods.add(method.toUpperCase());
    }
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
