/** What was read of a body: at most the limit, and whether that was all of it. */
export interface CappedBody {
  bytes: Buffer;
  complete: boolean;
}

type Body = AsyncIterable<Buffer> & {
  destroy(): unknown;
  on(event: 'error', listener: () => void): unknown;
};

/**
 * Reads at most `limit` bytes of a response body. A longer body (or one whose `declaredLength`,
 * the Content-Length, says it is longer) is cut: its connection is dropped and `complete` is
 * false. Abandoning the body on purpose never surfaces as an unhandled stream error.
 */
export async function readCappedBody(
  body: Body,
  limit: number,
  declaredLength?: unknown,
): Promise<CappedBody> {
  const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength);
  if (declaredLength !== undefined && Number.isFinite(declared) && declared > limit) {
    body.on('error', () => undefined);
    body.destroy();
    return { bytes: Buffer.alloc(0), complete: false };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > limit) {
      body.on('error', () => undefined);
      body.destroy();
      return { bytes: Buffer.concat(chunks).subarray(0, limit), complete: false };
    }
  }
  return { bytes: Buffer.concat(chunks), complete: true };
}
