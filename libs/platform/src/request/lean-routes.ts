import type { INestApplication } from '@nestjs/common';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common/enums/request-method.enum';
import { ModulesContainer } from '@nestjs/core';
import type { Express, Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LEAN_ROUTE_METADATA } from './lean-route.decorator';

/** One `@LeanRoute()` handler: the literal path and the method its Nest route serves. */
export interface LeanRouteDeclaration {
  method: string;
  path: string;
  /** `Controller.handler`, for the boot error. */
  handler: string;
}

/** The part of an Express router layer (the `router` package) the lean path drives. */
interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  /** The part of `path` a middleware layer would trim from the URL (`''` at the root), or false. */
  match(path: string): { path: string } | false;
  handleRequest(req: Request, res: Response, next: Next): void;
  handleError(error: unknown, req: Request, res: Response, next: Next): void;
}
type Next = (error?: unknown) => void;

/**
 * Answers a request ahead of Express's router when it is one of the lean routes; false when it is
 * not (`GatehouseExpressAdapter` then hands it to Express).
 */
export type LeanDispatcher = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The `@LeanRoute()` handlers of the controllers the application mounts. */
export function declaredLeanRoutes(app: INestApplication): LeanRouteDeclaration[] {
  const declared: LeanRouteDeclaration[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function') continue;
        if (Reflect.getMetadata(LEAN_ROUTE_METADATA, handler) !== true) continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        declared.push({
          method: method === undefined ? 'none' : RequestMethod[method],
          path: routePath(
            Reflect.getMetadata(PATH_METADATA, controller) as unknown,
            Reflect.getMetadata(PATH_METADATA, handler) as unknown,
          ),
          handler: `${controller.name}.${name}`,
        });
      }
    }
  }
  return declared;
}

/**
 * Finds, for each declared lean route, every layer of `app`'s router that the router itself would
 * pass for that method and path, in order: the request pipeline, the middleware Nest mounted for
 * the path (CORS), the Nest route, then the router's own 404 and error layers. Refuses (throws) a
 * declaration that no registered route serves, one whose path is not literal, one declared twice,
 * and one that would pass a middleware mounted under a path prefix (it would see another URL).
 */
export function resolveLeanRoutes(
  app: Express,
  declared: readonly LeanRouteDeclaration[],
): Map<string, readonly RouterLayer[]> {
  const stack = (app as unknown as { router?: { stack?: RouterLayer[] } }).router?.stack ?? [];
  const routes = new Map<string, readonly RouterLayer[]>();
  for (const route of declared) {
    const where = `lean route ${route.method} ${route.path} (${route.handler})`;
    if (!/^\/[A-Za-z0-9._~\-/]*$/.test(route.path)) {
      throw new Error(`${where}: only a literal path may be lean`);
    }
    const key = leanKey(route.method, route.path);
    if (routes.has(key)) throw new Error(`${where}: declared twice`);
    const method = route.method.toLowerCase();
    const chain: RouterLayer[] = [];
    let served = false;
    for (const layer of stack) {
      const match = layer.match(route.path);
      if (!match) continue;
      if (layer.route) {
        const methods = layer.route.methods;
        if (!methods[method] && !methods._all) continue;
        if (methods[method] && layer.route.path === route.path) served = true;
      } else if (match.path !== '') {
        throw new Error(`${where}: passes a middleware mounted at ${match.path}`);
      }
      chain.push(layer);
    }
    if (!served) throw new Error(`${where}: no registered Nest route serves it`);
    routes.set(key, chain);
  }
  return routes;
}

/**
 * The dispatcher: for a lean route, what Express's `app.handle` and router do for it (the
 * request and response prototypes, `baseUrl`, `originalUrl`, `params`), then the layers found at
 * boot, called as the router calls them (errors skip routes and reach the error handlers). Nest's
 * not-found and error layers end every chain, so nothing should pass the last layer; a request
 * that does is cut short with a bare 404 or 500. Any other request is left to Express.
 */
export function leanDispatcher(
  app: Express,
  routes: ReadonlyMap<string, readonly RouterLayer[]>,
): LeanDispatcher {
  const requestPrototype = app.request;
  const responsePrototype = app.response;
  return (incoming, outgoing) => {
    const url = incoming.url ?? '';
    const query = url.indexOf('?');
    const chain = routes.get(
      leanKey(incoming.method ?? '', query === -1 ? url : url.slice(0, query)),
    );
    if (!chain) return false;
    const req = incoming as Request;
    const res = outgoing as Response;
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, requestPrototype);
    Object.setPrototypeOf(res, responsePrototype);
    if (!res.locals) res.locals = Object.create(null) as Response['locals'];
    req.baseUrl = '';
    req.originalUrl = url;
    const done = (failure?: unknown) => endUnanswered(res, failure);
    let index = 0;
    const next: Next = (error) => {
      if (error === 'router') {
        done();
        return;
      }
      const failure = error === 'route' ? undefined : error;
      while (index < chain.length) {
        const layer = chain[index++]!;
        if (failure !== undefined && failure !== null) {
          if (layer.route) continue;
          layer.handleError(failure, req, res, next);
          return;
        }
        req.params = {};
        layer.handleRequest(req, res, next);
        return;
      }
      done(failure);
    };
    req.next = next;
    next();
    return true;
  };
}

function endUnanswered(res: Response, failure: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = failure === undefined || failure === null ? 404 : 500;
  res.end();
}

function leanKey(method: string, path: string): string {
  return `${method} ${path}`;
}

function routePath(controllerPath: unknown, handlerPath: unknown): string {
  const parts = [controllerPath, handlerPath].map((part) => {
    if (part === undefined) return '';
    if (typeof part !== 'string')
      throw new Error(`lean routes take one literal path, not ${String(part)}`);
    return part.replace(/^\/+|\/+$/g, '');
  });
  return `/${parts.filter((part) => part.length > 0).join('/')}`;
}
