import { Controller, Get, Header, HttpCode, Module, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { get } from 'node:http';
import { CapturedLog } from '../testing/captured-log';
import { bootstrapService, RunningService } from './service-bootstrap';

const BODY = { sub: '65a000000000000000000001', name: 'Zoë', scopes: ['openid', 'profile'] };

@Controller('replies')
class RepliesController {
  @Get('uncached')
  @Header('Cache-Control', 'no-store')
  uncached() {
    return BODY;
  }

  @Post('uncached')
  @HttpCode(201)
  @Header('Cache-Control', 'private, no-store')
  created() {
    return BODY;
  }

  @Get('uncached-text')
  @Header('Cache-Control', 'no-store')
  text() {
    return 'plain words';
  }

  @Get('uncached-empty')
  @Header('Cache-Control', 'no-store')
  empty() {
    return null;
  }

  @Get('uncached-typed')
  @Header('Cache-Control', 'no-store')
  typed(@Res({ passthrough: true }) res: Response) {
    res.setHeader('Content-Type', 'application/jwk-set+json');
    return { keys: [] };
  }

  @Get('cacheable')
  @Header('Cache-Control', 'public, max-age=60')
  cacheable() {
    return BODY;
  }
}

@Module({ controllers: [RepliesController] })
class RepliesModule {}

describe('GatehouseExpressAdapter replies', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await bootstrapService({
      name: 'replies',
      module: RepliesModule,
      port: 0,
      host: '127.0.0.1',
      logDestination: new CapturedLog(),
      handleProcessSignals: false,
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  const call = (path: string, init?: RequestInit) => fetch(`${service.url}${path}`, init);
  const expectedLength = String(Buffer.byteLength(JSON.stringify(BODY)));

  it('writes an uncached object as JSON with its length and charset, without an ETag', async () => {
    const res = await call('/replies/uncached');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(expectedLength);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual(BODY);
  });

  it('keeps the status the route declares', async () => {
    const res = await call('/replies/uncached', { method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(await res.json()).toEqual(BODY);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await call('/replies/uncached', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(expectedLength);
    expect(await res.text()).toBe('');
  });

  it('leaves strings, empty bodies and a media type the route chose to Express', async () => {
    const text = await call('/replies/uncached-text');
    expect(text.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await text.text()).toBe('plain words');
    const empty = await call('/replies/uncached-empty');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    const typed = await call('/replies/uncached-typed');
    expect(typed.headers.get('content-type')).toBe('application/jwk-set+json; charset=utf-8');
    expect(await typed.json()).toEqual({ keys: [] });
  });

  it('keeps the ETag of a cacheable answer and answers its revalidation with 304', async () => {
    const first = await call('/replies/cacheable');
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/"/);
    expect(await first.json()).toEqual(BODY);
    // fetch sends `Cache-Control: no-cache` with a conditional request, which forbids a 304.
    const again = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      get(`${service.url}/replies/cacheable`, { headers: { 'If-None-Match': etag! } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      }).on('error', reject);
    });
    expect(again).toEqual({ status: 304, body: '' });
  });
});
