# syntax=docker/dockerfile:1
# One image for every Gatehouse process. Pick the process with the command
# (`node dist/apps/<app>/src/main.js`, as docker-compose.yml and k8s/ do) or with the APP build
# argument / environment variable, which the default command reads.
ARG NODE_IMAGE=node:20-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first so the dependency layer is reused while only sources change.
# libs/sdk is an npm workspace: `npm ci` needs its package.json to link it.
COPY package.json package-lock.json ./
COPY libs/sdk/package.json libs/sdk/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
# A small old generation makes V8 collect garbage before the heap grows: auth's resident memory
# under load stayed near 150 MiB instead of 230. V8's young generation grows to two 16 MiB
# semi-spaces while the modules load and keeps them; two 4 MiB ones took ~24 MiB off every
# process, idle and under load, for no measurable CPU per request (tools/bench/report/findings.md,
# "Memory").
ENV NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=4"
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/sdk ./libs/sdk
COPY --from=build /app/dist ./dist
# The image's `node` user, by number, so Kubernetes' runAsNonRoot can verify it is not root.
USER 1000:1000
ARG APP=auth
ENV APP=${APP}
EXPOSE 3000 3001 3002 3003
# `exec` makes node PID 1's direct replacement, so SIGTERM reaches it and it drains.
CMD ["sh", "-c", "exec node \"dist/apps/${APP}/src/main.js\""]
