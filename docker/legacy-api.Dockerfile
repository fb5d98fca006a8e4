# legacy-api: the system of record. Build from the repository root:
#   docker build -f docker/legacy-api.Dockerfile -t branch-assets/legacy-api .
# The server runs TypeScript directly on Node 24 (type stripping), so there is no build step:
# the image holds the sources and production dependencies only.

FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/legacy-api/package.json apps/legacy-api/
COPY packages/domain/package.json packages/domain/
COPY packages/i18n/package.json packages/i18n/
COPY packages/legacy-contract/package.json packages/legacy-contract/
COPY packages/service/package.json packages/service/
# Only this workspace and the packages it uses; no dev dependencies, no lifecycle scripts.
RUN npm ci --omit=dev --ignore-scripts --workspace @branch-assets/legacy-api --include-workspace-root=false

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3100 DATA_DIR=/data
WORKDIR /app
COPY --from=dependencies /app/node_modules node_modules
# npm nests a dependency under its workspace when versions differ; those folders come along too.
COPY --from=dependencies /app/apps/legacy-api/node_module[s] apps/legacy-api/node_modules
COPY --from=dependencies /app/packages/domain/node_module[s] packages/domain/node_modules
COPY --from=dependencies /app/packages/i18n/node_module[s] packages/i18n/node_modules
COPY --from=dependencies /app/packages/legacy-contract/node_module[s] packages/legacy-contract/node_modules
COPY --from=dependencies /app/packages/service/node_module[s] packages/service/node_modules
COPY package.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/domain/src packages/domain/src
COPY packages/i18n/package.json packages/i18n/
COPY packages/i18n/src packages/i18n/src
COPY packages/legacy-contract/package.json packages/legacy-contract/
COPY packages/legacy-contract/src packages/legacy-contract/src
COPY packages/service/package.json packages/service/
COPY packages/service/src packages/service/src
COPY apps/legacy-api/package.json apps/legacy-api/
COPY apps/legacy-api/src apps/legacy-api/src
# rehearsal: skip (a container's own filesystem; the rehearsal sets DATA_DIR instead)
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3100
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/pages/version-info?UserInterface=1').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
WORKDIR /app/apps/legacy-api
CMD ["node", "--no-liftoff", "src/server.ts"]
