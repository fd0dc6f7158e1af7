import { NestApplicationOptions, StreamableFile } from '@nestjs/common';
// The adapter's own module: the package's index also loads its multer file-upload interceptors
// (multer and a second copy of mime-db, about 0.9 MiB of heap), which no route of ours uses.
import { ExpressAdapter } from '@nestjs/platform-express/adapters/express-adapter';
import type { Express, Response } from 'express';
import type { Server } from 'node:http';
import { endWithJson, isUncachedJsonResponse } from '../request/json-response';
import type { LeanDispatcher } from '../request/lean-routes';

/** Statuses whose response has no content, which Express's `res.send` strips headers for. */
const CONTENTLESS_STATUSES = new Set([204, 205, 304]);

/**
 * Nest's Express adapter, answering a handler's object as JSON without Express's `res.json` when
 * the response is `Cache-Control: no-store` (token validation, the token endpoint, introspection):
 * `res.send` would parse the Content-Type again to add its charset, copy the body into a Buffer
 * and hash it for an ETag no cache will ever send back. Every other reply (cacheable JSON such as
 * discovery and the JWKS, which keep their ETag and 304s, strings, streams, errors, empty bodies)
 * goes through Nest's adapter unchanged.
 *
 * Its HTTP server offers each request to the lean routes first (`useLeanRoutes`, set once the
 * application is initialized), and gives Express the rest.
 */
export class GatehouseExpressAdapter extends ExpressAdapter {
  private lean: LeanDispatcher | undefined;

  useLeanRoutes(dispatcher: LeanDispatcher): void {
    this.lean = dispatcher;
  }

  override initHttpServer(options: NestApplicationOptions): void {
    super.initHttpServer(options);
    const server = this.getHttpServer() as Server;
    const express = this.getInstance<Express>();
    server.removeListener('request', express);
    server.on('request', (req, res) => {
      if (this.lean?.(req, res)) return;
      express(req, res);
    });
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (
      typeof body !== 'object' ||
      body === null ||
      body instanceof StreamableFile ||
      body instanceof Error
    ) {
      return super.reply(response, body, statusCode);
    }
    const status = statusCode ?? response.statusCode;
    if (CONTENTLESS_STATUSES.has(status) || !isUncachedJsonResponse(response))
      return super.reply(response, body, statusCode);
    const json = JSON.stringify(body) as string | undefined;
    if (json === undefined) return super.reply(response, body, statusCode);
    response.statusCode = status;
    endWithJson(response, json);
    return response;
  }
}
