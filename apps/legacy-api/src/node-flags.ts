/**
 * The V8 settings legacy-api runs with: `npm start`, the image's CMD and the benches (a test keeps
 * package.json and docker/legacy-api.Dockerfile in step with this list).
 *
 * - `--no-liftoff`: the embedded database's WebAssembly is compiled by V8's optimising compiler
 *   when it loads, instead of first by its baseline compiler and then, function by function, as
 *   each turns hot. Tiering up while serving made a freshly started server read lists at half
 *   speed for its first minutes: the first export of a branch's 100,038 orders after start ran at
 *   46,200 rows/s against 52,800 with the flag (median of five starts each, bench's pinning), and a
 *   warm server gained nothing from tiering that the flag does not give at once. The price is paid
 *   once at start: ready in about 5.8 s instead of 2.5 s on the bench machine, with 40 MB less
 *   resident. With DATABASE_URL (PostgreSQL) no WebAssembly is loaded and the flag costs nothing.
 */
export const LEGACY_NODE_FLAGS = ['--no-liftoff'] as const;
