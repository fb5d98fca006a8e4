/**
 * The V8 heap settings the gateway runs with: `npm start`, the image's CMD and the benches (a test
 * keeps package.json and docker/bff.Dockerfile in step with this list and GATEWAY_ENV).
 *
 * - Semi-spaces of at most 16 MB: Node lets the young generation grow to 64 MB while it starts, and
 *   those pages stay resident ever after, used or not (177 MB idle instead of about 145 MB).
 * - An old generation of at most 384 MB: a bound far above what the gateway keeps alive (about
 *   50 MB idle, a page per export), which also makes V8 collect long before it. Without one, V8
 *   sizes the heap by the machine's memory and lets an export's garbage pile up: on this 24 GB
 *   machine the gateway's peak during a 100,000-row export was 350–380 MB, with it 210–240 MB,
 *   four exports at once included, at the same speed.
 */
export const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=384'] as const;

/**
 * The environment the gateway's process starts with, for what must be set before it starts.
 *
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates its own malloc arena (libuv's
 *   workers, V8's compiler and collector threads), and freed memory stays resident in each. With
 *   two arenas, after 1,500 list pages and during a 100,038-row export (probes on the bench's
 *   pinning, 2026-11-27): 201 MB resident at start instead of 212, peaks of 225 and 235 MB instead
 *   of 248 and 254, at the same speed (64,300 rows/s). Ignored by other C libraries.
 */
export const GATEWAY_ENV = { MALLOC_ARENA_MAX: '2' } as const;
