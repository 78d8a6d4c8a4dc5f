# syntax=docker/dockerfile:1.7
# One image for the gateway and all six services; docker-compose.yml picks the entry point per service
# (`node gateway/dist/main.js`, `node services/<name>/dist/main.js`).

# Node 24, an LTS line maintained until April 2028 (package.json `engines` also allows 20.19+ and 22.13+). Pinned by
# minor: the tag follows that minor's patch releases and never moves to a new minor unannounced; move it to each new
# Node 24 minor, where later fixes land.
ARG NODE_IMAGE=node:24.21-bookworm-slim

# --- manifests: only package.json files and the lock file ---------------------------------------
# Copying the whole context and deleting everything else keeps the workspace list out of this file;
# the `npm ci` layer below is then reused until a manifest really changes, whatever source changed.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -depth -mindepth 1 -type d -empty -delete

# --- build: all dependencies, compile every project, then drop the dev dependencies -------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# No Nx daemon or cloud inside a build container (nx.json says the same; the env makes it certain).
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build --output-style=stream
RUN npm prune --omit=dev --no-audit --no-fund && rm -rf .nx

# --- runtime -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Code and modules stay owned by root: the app user can read them but not rewrite them. Workspace
# packages resolve through node_modules/@curbside symlinks to their folders, so the tree is copied
# whole (package.json + dist per project, frontend/dist for the gateway).
COPY --from=build /app ./
# The only writable place, for anything that falls back to DATA_DIR (./data).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "gateway/dist/main.js"]
