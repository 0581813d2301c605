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
  build: { outDir: path.join(here, '..', 'dist', 'web'), emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
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
