import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.plugin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.EYEMAIL_API ?? 'http://localhost:3000';

export default defineConfig({
  root: here,
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': path.join(here, 'src'),
      // Validation rules and messages shared with the server, so both say exactly the same thing.
      '@shared': path.join(here, '..', 'src', 'shared'),
    },
  },
  build: {
    outDir: path.join(here, '..', 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Grouped chunks are named after their group alone ('ui-<hash>.js'), not the list of
        // every page that shares them.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        assetFileNames: (asset) => `assets/${(asset.names[0] ?? 'asset').split('~')[0].replace(/\.[^.]*$/, '')}-[hash][extname]`,
        // A page's code comes in a few chunks, not dozens: over HTTP/1.1 a browser fetches six
        // files at a time from one host, so a first visit to a deep page that needed ~60 small
        // chunks (one per Mantine component or icon) waited for ten rounds of them. The shell is
        // one chunk; the libraries' code that several pages share is one more, the app's own
        // shared code another, and each page and layout keeps its own. Libraries never import the
        // app and the shell imports neither, so these chunks form no cycle and run in order.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 3 },
            { name: 'ui', test: /node_modules/, minShareCount: 2, priority: 2 },
            { name: 'common', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/static': apiTarget,
      '/media': apiTarget,
      '/accounts/signout': apiTarget,
    },
  },
});
