import {
  type OtlpReceiver,
  type ReceivedSpan,
  type ShapeTarget,
  waitUntil,
} from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The demo seed's write token of alice, its user, and acme's token-exchange app (libs/persistence/seed/demo.yaml).
const ALICE_TOKEN = 'hf_demoAliceWriteToken000000000000000';
const ALICE = { login: 'alice', password: 'gatehouse-demo', email: 'alice@example.com' };
const EXCHANGE_APP = {
  clientId: '6b1c2d3e-4f50-4a61-8b72-9c83d4e5f607',
  clientSecret: 'acme-exchange-secret-0123456789',
};
const SPAN_KIND = { server: 2, client: 3, consumer: 5 } as const;

/** A W3C trace context of a new trace, as a caller in front of Gatehouse would send it. */
function newTraceparent(): { traceId: string; spanId: string; header: string } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, header: `00-${traceId}-${spanId}-01` };
}

/** The span's ancestors inside the trace, nearest first, up to the caller's span. */
function ancestorsOf(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  for (
    let parent = trace.find((each) => each.spanId === span.parentSpanId);
    parent;
    parent = trace.find((each) => each.spanId === parent!.parentSpanId)
  )
    chain.push(parent);
  return chain;
}

/**
 * Tracing on a running Gatehouse whose processes export to `collector` (OTEL_* set at start):
 * a caller's `traceparent` yields one trace across the services, for a sign-in, a token exchange
 * and a repo event's delivery, down to the receiver's request. On the distributed shape the trace
 * also holds the PostgreSQL and Redis spans and the hop from auth to token-exchange; the
 * all-in-one has neither (embedded stores, the exchange called in process).
 */
export function tracingSuite(
  target: () => ShapeTarget,
  collector: () => OtlpReceiver,
  shape: { distributed: boolean },
): void {
  describe('OpenTelemetry traces', () => {
    const spansOf = async (traceId: string, until: (spans: ReceivedSpan[]) => boolean) => {
      await waitUntil(`the spans of trace ${traceId}`, () => until(collector().trace(traceId)), {
        detail: () =>
          `\n${JSON.stringify(collector().trace(traceId), null, 1)}\n${target().output().slice(-4000)}`,
      });
      return collector().trace(traceId);
    };

    it('traces a sign-in from the caller’s span through the server to PostgreSQL and Redis', async () => {
      const { url } = target();
      const page = await fetch(`${url}/oauth/login`);
      const cookie = page.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      const caller = newTraceparent();
      const answer = await fetch(`${url}/oauth/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie,
          traceparent: caller.header,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          csrf_token: csrf,
          return_to: '/settings',
          login: ALICE.login,
          password: ALICE.password,
        }),
      });
      expect(answer.status).toBe(303);

      const isStore = (span: ReceivedSpan, system: string) =>
        span.attributes['db.system.name'] === system || span.attributes['db.system'] === system;
      const spans = await spansOf(
        caller.traceId,
        (spans) =>
          spans.some((span) => span.kind === SPAN_KIND.server) &&
          (!shape.distributed ||
            (spans.some((span) => isStore(span, 'postgresql')) &&
              spans.some((span) => isStore(span, 'redis')))),
      );
      const server = spans.find((span) => span.kind === SPAN_KIND.server)!;
      expect(server.parentSpanId).toBe(caller.spanId);
      for (const span of spans.filter((each) => each !== server))
        expect(ancestorsOf(span, spans)).toContain(server);
    });

    it('traces a token exchange from auth’s token endpoint into the token-exchange service', async () => {
      const { url } = target();
      const caller = newTraceparent();
      const answer = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: {
          traceparent: caller.header,
          authorization: `Basic ${Buffer.from(`${EXCHANGE_APP.clientId}:${EXCHANGE_APP.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token: ALICE.email,
          subject_token_type: 'urn:huggingface:token-type:user-email',
        }),
      });
      expect(answer.status).toBe(200);

      const servers = (spans: ReceivedSpan[]) =>
        spans.filter((span) => span.kind === SPAN_KIND.server);
      const isExchange = (span: ReceivedSpan) =>
        span.attributes['http.route'] === '/internal/token-exchange';
      // Each service exports its spans in its own batches: auth's entry span, which ends last,
      // can arrive after token-exchange's, so the wait is for both.
      const spans = await spansOf(
        caller.traceId,
        (spans) =>
          servers(spans).some((span) => span.parentSpanId === caller.spanId) &&
          (!shape.distributed || servers(spans).some(isExchange)),
      );
      const entry = servers(spans).find((span) => span.parentSpanId === caller.spanId);
      expect(entry).toMatchObject({ attributes: { 'http.route': '/oauth/token' } });
      if (shape.distributed) {
        const exchange = servers(spans).find(isExchange)!;
        expect(exchange.service).toBe('token-exchange');
        expect(ancestorsOf(exchange, spans)).toContain(entry);
      }
    });

    describe('a repo event', () => {
      let receiver: Server;
      let receiverUrl: string;
      const requests: IncomingHttpHeaders[] = [];

      beforeAll(async () => {
        receiver = createServer((request, response) => {
          requests.push(request.headers);
          request.resume();
          request.on('end', () => response.writeHead(204).end());
        });
        await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
        receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      });

      afterAll(async () => {
        await new Promise<void>((resolve) => receiver.close(() => resolve()));
      });

      it('is one trace from its publisher to the receiver’s request', async () => {
        const { url, internalUrl, internalToken, output } = target();
        const created = await fetch(`${url}/api/settings/webhooks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ALICE_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            watched: [{ type: 'model', name: 'acme/traced-model' }],
            url: receiverUrl,
            domains: ['repo'],
          }),
        });
        expect(created.status).toBe(201);

        const publisher = newTraceparent();
        const published = await fetch(`${internalUrl}/internal/events`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${internalToken}`,
            'content-type': 'application/json',
            traceparent: publisher.header,
          },
          body: JSON.stringify([
            {
              event: { action: 'update', scope: 'repo.content' },
              repo: {
                type: 'model',
                name: 'acme/traced-model',
                id: '66e0000000000000000000f1',
                private: false,
                owner: { id: '66e000000000000000000002', name: 'acme' },
              },
            },
          ]),
        });
        expect(published.status).toBe(202);

        await waitUntil('the delivery', () => requests.length === 1, {
          detail: () => `\n${output().slice(-4000)}`,
        });
        const traceparent = String(requests[0]!.traceparent);
        expect(traceparent).toMatch(new RegExp(`^00-${publisher.traceId}-[0-9a-f]{16}-01$`));

        // The receiver's request, its attempt, the event's intake and the ingestion request, each
        // exported once it ended (the attempt after its outcome was recorded).
        const sentBy = traceparent.split('-')[2];
        const chainOf = (spans: ReceivedSpan[]) => {
          const request = spans.find((span) => span.spanId === sentBy);
          return request ? [request, ...ancestorsOf(request, spans)] : [];
        };
        const spans = await spansOf(
          publisher.traceId,
          (spans) => chainOf(spans).at(-1)?.parentSpanId === publisher.spanId,
        );
        const [request, ...ancestors] = chainOf(spans);
        expect(request!.kind).toBe(SPAN_KIND.client);
        expect(ancestors.map((span) => span.name)).toEqual(
          expect.arrayContaining(['webhook delivery attempt', 'repo event intake']),
        );
        const ingestion = ancestors.at(-1);
        expect(ingestion).toMatchObject({
          kind: SPAN_KIND.server,
          attributes: { 'http.route': '/internal/events' },
          service: shape.distributed ? 'webhook-management' : 'gatehouse',
        });
        const worker = shape.distributed ? 'delivery-worker' : 'gatehouse';
        expect(ancestors.find((span) => span.name === 'webhook delivery attempt')!.service).toBe(
          worker,
        );
      });
    });
  });
}
