# matchd as a container image: the service on its embedded default store (PGlite in /data), or one
# node of a fleet (DATABASE_URL, REDIS_URL; see compose.yaml and docs/server.md).
#
#   docker build -t matchd .
#   docker run -p 8080:8080 -v matchd-data:/data matchd
#
# No container engine runs where matchd is tested, so packages/server/test/container-image.test.ts
# runs these very steps as commands in a scratch folder (each RUN as a shell command, each COPY as
# a copy, the stages as folders), starts the CMD as the USER, and waits for the HEALTHCHECK to pass.
# Keep every step a plain command that test can run.

# The build: every dependency, and `prepare` builds the server and the dashboard with esbuild.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund

# The image: production dependencies only, the built server and dashboard, a non-root user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production MATCHD_HOST=0.0.0.0 MATCHD_PORT=8080 MATCHD_DATA_DIR=/data
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/dashboard/dist packages/dashboard/dist
# The data folder (PGlite, the generated admin key and token secret) belongs to the image's `node`
# user (uid 1000), which runs the server.
RUN mkdir -p /data && chown 1000:1000 /data
VOLUME /data
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.MATCHD_PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself as the container's process: it gets SIGTERM, finishes the current tick and
# the requests in flight, and stops (no npm process in between).
CMD ["node", "--liftoff-only", "packages/server/dist/main.js"]
