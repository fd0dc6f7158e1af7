/**
 * The NODE_OPTIONS the image sets for every Gatehouse process (Dockerfile), so the bench runs them
 * as they ship. An old generation capped at 256 MiB makes V8 collect it before it grows: auth's heap
 * stayed under ~100 MiB under userinfo load instead of growing to ~200 MiB of garbage. Semi-spaces
 * of 4 MiB in place of V8's 16 keep the young generation at 8 MiB instead of 32, resident in every
 * process from start-up on (tools/bench/report/findings.md, "Memory").
 */
export const IMAGE_NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=4';

/**
 * The environment the image sets for glibc's malloc (Dockerfile): blocks of 1 MiB and more are
 * mapped for themselves and unmapped when freed. Without it glibc raises that threshold to the
 * size of each large block freed, up to 32 MiB, and then serves the next ones, a password hash's
 * 8 MiB scrypt block among them, from the arena of the libuv thread that asked, which keeps them:
 * up to one block per thread resident after a sign-in spike (tools/bench/report/findings.md,
 * "Memory"). Mapped blocks are asked for as transparent huge pages, so a hash's block costs four
 * page faults instead of 2,048 (a third of a hash's CPU when faulted 4 KiB at a time).
 */
export const IMAGE_MALLOC_ENVIRONMENT: Readonly<Record<string, string>> = Object.freeze({
  MALLOC_MMAP_THRESHOLD_: '1048576',
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
});

/** `current` (the bench's own NODE_OPTIONS, a profiler's `--require` say) followed by the image's. */
export function withImageNodeOptions(
  current: string | undefined = process.env['NODE_OPTIONS'],
): string {
  return [current, IMAGE_NODE_OPTIONS].filter(Boolean).join(' ');
}
