import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and the exact bytes of its body. */
export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RecordingReceiver {
  url: string;
  received: ReceivedRequest[];
  /** The status of the next answers; change it to make the receiver fail or recover. */
  status: number;
  close(): Promise<void>;
}

/**
 * A webhook receiver on loopback that keeps every request and answers what `answer` says for
 * it, else `status` (200 unless given).
 */
export async function startRecordingReceiver(
  options: { status?: number; answer?: (request: ReceivedRequest) => number | undefined } = {},
): Promise<RecordingReceiver> {
  const receiver: RecordingReceiver = {
    url: '',
    received: [],
    status: options.status ?? 200,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks) };
      receiver.received.push(request);
      const status = options.answer?.(request) ?? receiver.status;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
