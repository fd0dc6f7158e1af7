// The limit of a token check: a bare Node HTTP server that answers each bearer request with one
// Redis lookup of the token's SHA-256 (tokens are stored hashed, as Gatehouse stores them) and
// the stored record as JSON. No framework, no database. Options in BENCH_BARE_OPTIONS; logs
// `{"msg":"listening"}` when it answers.
import Redis from 'ioredis';
import { createServer } from 'node:http';
import { bareTokenKey } from './peer-records';

export interface BarePeerOptions {
  port: number;
  redisUrl: string;
  prefix: string;
}

const options = JSON.parse(process.env.BENCH_BARE_OPTIONS ?? '') as BarePeerOptions;
const redis = new Redis(options.redisUrl, { enableAutoPipelining: true });

const server = createServer((req, res) => {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token)
    return void res
      .writeHead(401, { 'content-type': 'application/json' })
      .end('{"error":"invalid_token"}');
  redis.get(bareTokenKey(options.prefix, token)).then(
    (record) => {
      if (!record)
        return void res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"error":"invalid_token"}');
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(record);
    },
    () =>
      void res
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"error":"unavailable"}'),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(options.port, '127.0.0.1', () =>
  process.stdout.write(`${JSON.stringify({ msg: 'listening' })}\n`),
);
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  redis.disconnect();
});
