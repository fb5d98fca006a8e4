import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ by its content's hash: a new build means a new name. */
const HASHED = 'public, max-age=31536000, immutable';
/** index.html and the public files keep their names: the browser revalidates them (ETag). */
const REVALIDATED = 'no-cache';

/**
 * The built web app (apps/web/dist). The build writes a brotli and a gzip copy beside each text
 * file (apps/web/vite-precompress.ts); the one the request's Accept-Encoding prefers is sent (br,
 * then gzip, else the file itself), with `Vary: Accept-Encoding`. Routes are made for the files
 * found at start: anything else, a missing asset included, is the gateway's JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // The copies are sent in place of their file, never by their own name.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = relative(root, path).split(sep)[0] === 'assets';
      reply.header('cache-control', hashed ? HASHED : REVALIDATED);
    },
  });
}
