# The gateway. Build from the repository root:
#   docker build -f docker/bff.Dockerfile -t branch-assets/bff .
# The server runs TypeScript directly on Node 24 (type stripping): the image holds the sources,
# the schema and production dependencies only, plus the built web app when there is one.
# scripts/image-rehearsal.sh repeats these steps without Docker; CI runs it.

FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/bff/package.json apps/bff/
COPY apps/legacy-api/package.json apps/legacy-api/
COPY packages/domain/package.json packages/domain/
COPY packages/i18n/package.json packages/i18n/
COPY packages/legacy-contract/package.json packages/legacy-contract/
COPY packages/service/package.json packages/service/
RUN npm ci --omit=dev --ignore-scripts --workspace @branch-assets/bff --include-workspace-root=false

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WEB_DIST=../web/dist MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=dependencies /app/node_modules node_modules
# npm nests a dependency under its workspace when versions differ; those folders come along too.
COPY --from=dependencies /app/apps/bff/node_module[s] apps/bff/node_modules
COPY --from=dependencies /app/packages/domain/node_module[s] packages/domain/node_modules
COPY --from=dependencies /app/packages/i18n/node_module[s] packages/i18n/node_modules
COPY --from=dependencies /app/packages/legacy-contract/node_module[s] packages/legacy-contract/node_modules
COPY --from=dependencies /app/packages/service/node_module[s] packages/service/node_modules
COPY package.json schema.graphql ./
COPY packages/domain/package.json packages/domain/
COPY packages/domain/src packages/domain/src
COPY packages/i18n/package.json packages/i18n/
COPY packages/i18n/src packages/i18n/src
COPY packages/legacy-contract/package.json packages/legacy-contract/
COPY packages/legacy-contract/src packages/legacy-contract/src
COPY packages/service/package.json packages/service/
COPY packages/service/src packages/service/src
COPY apps/bff/package.json apps/bff/
COPY apps/bff/src apps/bff/src
# The web app, built by `npm run build` before the image (absent until apps/web exists).
COPY apps/web/dis[t] apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
WORKDIR /app/apps/bff
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=384", "src/server.ts"]
