/**
 * The NODE_OPTIONS the image sets for every Gatehouse process (Dockerfile), so the bench runs them
 * as they ship. An old generation capped at 256 MiB makes V8 collect it before it grows: auth's heap
 * stayed under ~100 MiB under userinfo load instead of growing to ~200 MiB of garbage
 * (tools/bench/report/findings.md, "Memory").
 */
export const IMAGE_NODE_OPTIONS = '--max-old-space-size=256';

/** `current` (the bench's own NODE_OPTIONS, a profiler's `--require` say) followed by the image's. */
export function withImageNodeOptions(current: string | undefined = process.env['NODE_OPTIONS']): string {
  return [current, IMAGE_NODE_OPTIONS].filter(Boolean).join(' ');
}
