import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * CORS for the endpoints browser apps call directly: huggingface.js fetches discovery, exchanges
 * the code and reads userinfo from the page of a Space (docs/hf-clients.md "OAuth and OpenID Connect"). Any
 * origin may call them: they take no cookies, only bearer tokens and client credentials sent
 * explicitly, so `Access-Control-Allow-Credentials` is never set. Preflights are answered here.
 */
@Injectable()
export class PublicCorsMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'OPTIONS') {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  }
}
