import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; fonts (woff2) and raster images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, once, at build
 * time; the gateway sends the one the browser accepts (@fastify/static `preCompressed`). A
 * compressed copy that is not smaller is not written, so the file is sent as it is.
 */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'branch-assets:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((file) => !file.startsWith(join(outDir, '.vite')));
      const sizes = await Promise.all(files.map(compressFile));
      const sum = (pick: (size: Sizes) => number) => sizes.reduce((all, s) => all + pick(s), 0);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      logger?.info(
        `precompressed ${files.length} files: ${kb(sum((s) => s.raw))} → ` +
          `brotli ${kb(sum((s) => s.br))}, gzip ${kb(sum((s) => s.gz))}`,
      );
    },
  };
}

interface Sizes {
  raw: number;
  br: number;
  gz: number;
}

async function compressFile(file: string): Promise<Sizes> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes = { raw: raw.length, br: raw.length, gz: raw.length };
  if (br.length < raw.length) {
    await writeFile(`${file}.br`, br);
    sizes.br = br.length;
  }
  if (gz.length < raw.length) {
    await writeFile(`${file}.gz`, gz);
    sizes.gz = gz.length;
  }
  return sizes;
}
