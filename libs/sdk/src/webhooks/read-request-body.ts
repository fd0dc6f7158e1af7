import type { IncomingMessage } from 'node:http';

/** The body is larger than the receiver accepts; answered with 413. */
export class RequestBodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body is larger than ${limitBytes} bytes.`);
    this.name = 'RequestBodyTooLargeError';
  }
}

/** Reads the whole body, giving up as soon as it passes `limitBytes`. */
export function readRequestBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    return Promise.reject(new RequestBodyTooLargeError(limitBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        request.off('data', onData);
        request.resume();
        reject(new RequestBodyTooLargeError(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}
