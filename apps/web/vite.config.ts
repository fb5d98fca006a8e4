import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // Brotli and gzip copies beside each file of dist/, sent by the gateway (docs/gateway.md).
  plugins: [react(), precompress()],
  // Same origin in production (the gateway serves dist/); in development Vite forwards to the gateway.
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      [
        '/graphql',
        '/auth',
        '/exports',
        '/labels',
        '/files',
        '/uploads',
        '/templates',
        '/bulk-uploads',
        '/bulk-errors',
        '/reports',
        '/asset-transfers',
      ].map((path) => [path, gateway]),
    ),
  },
  build: {
    outDir: 'dist',
    // Read by bench/bundle-size.ts to total each route's chunks.
    manifest: true,
    // Fonts and images as files, never inlined: the gateway's CSP is strict.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
  },
});
