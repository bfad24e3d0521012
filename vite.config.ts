import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false },
  // In development the Fastify server runs on PORT and Vite proxies the API to it.
  server: { port: 5173, host: '127.0.0.1', proxy: { '/api': apiTarget } },
});
