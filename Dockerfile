# One container: Node, Debian's ffmpeg and the built app. Build with `docker build -t eyemail .`
# Run with `docker run -p 3000:3000 -v eyemail-data:/app/data eyemail` (embedded defaults), or pass
# DATABASE_URL, REDIS_URL, GCS_BUCKET, SMTP_URL, PUBLIC_BASE_URL... (see README "Configuration").
# Node.js 24, the supported line (package.json engines, checked at start-up by src/runtime/node-version.ts).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# npm install (not npm ci): the lock records only the native builds of the platform it was made on.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg ca-certificates tini fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# MALLOC_ARENA_MAX=2: see README "Run it" (memory).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data MALLOC_ARENA_MAX=2
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/views ./views
COPY --from=build /app/public ./public
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# Extra encoding workers (needs REDIS_URL): override the command with `node dist/server/src/worker.js`.
# The flags of scripts/node-flags.mjs (keep them the same): see README "Run it" (memory).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "--heap-growing-percent=30", "dist/server/src/main.js"]
