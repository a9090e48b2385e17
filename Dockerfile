# syntax=docker/dockerfile:1
# The store's production image: one build that runs as web, worker or both (PROCESS_ROLE), on Node 24.
# compose.yaml runs it as two web instances and a worker behind Caddy; docs/deploy.md says how else.
#   docker build -t angle .
#   docker run -p 3000:3000 -e BETTER_AUTH_SECRET=… -e PAYMENT_ENCRYPTION_KEY=… -e DATABASE_URL=… angle
# No secret is baked in: every setting comes from the environment at run time (README, "Configuration").

# ---- deps: every dependency, as package-lock.json pins them, installed on Linux itself (sharp's
# prebuilt libvips and the `node` package's binary are chosen for the platform npm runs on, so a
# node_modules copied from another machine would not do: .dockerignore keeps it out).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
# package.json's preinstall runs tools/install-note.mjs.
COPY package.json package-lock.json .npmrc ./
COPY tools/install-note.mjs tools/
RUN npm ci --no-audit --no-fund

# ---- build: the production build (React Router, the compiled messages, the service worker).
FROM deps AS build
COPY . .
RUN npm run build

# ---- production dependencies only, for the runtime stage.
FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY tools/install-note.mjs tools/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime: the server's sources (Node 24 runs the TypeScript of server/ and the app modules it
# imports as they are), the build, and production dependencies, as an unprivileged user.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    PROCESS_ROLE=all
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --chown=root:root package.json ./
COPY --chown=root:root server ./server
# app/ for the reference data the server reads at start (app/platform/db/reference) and the modules
# server/ imports directly.
COPY --chown=root:root app ./app
COPY --from=build --chown=root:root /app/build ./build
# The code belongs to root and cannot be changed by the server; only data/ (SQLite, uploads on disk,
# mail files) is the node user's. Mount a volume there for the embedded SQLite set-up.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# docker stop sends SIGTERM: the server stops taking requests, finishes those under way within
# SHUTDOWN_GRACE_MS, and a worker finishes or releases its jobs; give it longer than that grace.
STOPSIGNAL SIGTERM
# Liveness: /healthz on the web port, or for a worker (no public HTTP server) on METRICS_PORT; a worker
# without METRICS_PORT has nothing to ask and counts as alive while it runs. node:24-slim has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "const w=process.env.PROCESS_ROLE==='worker';const p=w?process.env.METRICS_PORT:process.env.PORT;if(!p)process.exit(0);fetch('http://127.0.0.1:'+p+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The same command for every role: server/index.ts reads PROCESS_ROLE (web, worker or all). Node is
# PID 1 itself, not npm, so SIGTERM reaches the server.
CMD ["node", "server/index.ts"]
