# One image for the API, the worker and the migrations (docker-compose.yml picks the entry point).
# Node 20 on Debian (glibc: the Temporal worker's native core needs it). The service runs TypeScript
# with tsx, so dev dependencies (tsx) are installed too; there is no build step.
FROM node:20-bookworm
# ffmpeg/ffprobe: the worker's media step (probe, 16 kHz rendition, cutting at pauses).
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/install.sh scripts/install.sh
RUN bash scripts/install.sh && npm cache clean --force
COPY . .
RUN mkdir -p /app/.data/recordings && chown -R node:node /app/.data
USER node
# Production rules apply in the image (set after the install, which needs the dev dependencies): the API
# refuses to start without its signing secrets (common/secretSettings.ts).
ENV NODE_ENV=production
EXPOSE 3000
# The API's heap limit: see "Memory" in BENCHMARKS.md (package.json's start script is the same command).
CMD ["node", "--max-old-space-size=1024", "--require", "tsx/cjs", "api/main.ts"]
