import type { Express } from 'express';
import { METHODS } from 'node:http';

/** What a router's route records of the methods it takes (Express 4 and 5). */
export interface RouteMethods {
  methods?: Record<string, boolean>;
}

interface RouteLayer {
  match?(path: string): boolean;
  route?: RouteMethods;
}

/**
 * Whether a route takes every method: how a middleware applied to a path for all methods (CORS on
 * the OAuth endpoints) is mounted. Express 4 marks it `_all`; Express 5 lists each method. Such a
 * route passes requests on, so it neither handles a request nor tells which methods the path takes.
 */
export function acceptsEveryMethod(route: RouteMethods): boolean {
  const methods = route.methods ?? {};
  return methods['_all'] === true || METHODS.every((method) => methods[method.toLowerCase()]);
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
    if (acceptsEveryMethod(layer.route)) continue;
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
