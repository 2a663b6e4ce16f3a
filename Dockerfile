# One image for the API, the worker and the migrations (docker-compose.yml picks the entry point).
# Node 20 on Debian (glibc: the Temporal worker's native core needs it).

# Build stage: every dependency (TypeScript, the webpack the workflow bundle needs), then `npm run build`:
# dist/ holds the compiled service and dist/workflow-bundle.js the workflow code bundled once.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/install.sh scripts/install.sh
RUN bash scripts/install.sh
COPY . .
RUN npm run build

# Runtime stage: production dependencies only, ffmpeg, the compiled files; runs as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
# ffmpeg/ffprobe: the worker's media step (probe, 16 kHz rendition, cutting at pauses).
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/install.sh scripts/install.sh
RUN bash scripts/install.sh --omit=dev && npm cache clean --force
COPY --from=build /app/dist dist
COPY scripts/start.sh scripts/
RUN mkdir -p /app/.data/recordings && chown -R node:node /app/.data
USER node
# Production rules apply in the image (set after the install, which needs the dev dependencies): the API
# refuses to start without its signing secrets (common/secretSettings.ts).
ENV NODE_ENV=production
EXPOSE 3000
# The API with its heap limit (API_MAX_OLD_SPACE_MB, "Memory" in docs/operations.md): package.json's start script.
CMD ["bash", "scripts/start.sh", "api"]
