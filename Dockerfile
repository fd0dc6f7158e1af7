# syntax=docker/dockerfile:1
# An image per Gatehouse process, chosen with the SERVICE build argument:
#   docker build --build-arg SERVICE=auth -t gatehouse-auth .
# SERVICE is auth, token-exchange, webhook-management or delivery-worker (the four services),
# gatehouse (the all-in-one) or cli (the migration Job and the other admin commands). An image
# holds the packages its process loads, installed from deploy/images/<SERVICE>/ (cut from the root
# package-lock.json by `npm run images:dependencies`), and the built files its main file reaches
# (tools/images/). Its default command runs that main file. The build stage declares no SERVICE:
# building the six images compiles the code once.
ARG NODE_IMAGE=node:20-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first so the dependency layer is reused while only sources change.
# libs/sdk is an npm workspace: `npm ci` needs its package.json to link it.
COPY package.json package-lock.json ./
COPY libs/sdk/package.json libs/sdk/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The built files SERVICE's main file reaches, and those it reads by path, as /out/dist.
FROM build AS code
ARG SERVICE
RUN node --require ./libs/testing/src/infra/register-swc.js tools/images/copy-service-code.ts "$SERVICE" /out

# SERVICE's packages alone, at the root lock's versions.
FROM ${NODE_IMAGE} AS dependencies
ARG SERVICE
WORKDIR /app
RUN test -n "$SERVICE" || { echo 'build with --build-arg SERVICE=<a directory of deploy/images>' >&2; exit 1; }
COPY deploy/images/${SERVICE}/package.json deploy/images/${SERVICE}/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
# A small old generation makes V8 collect garbage before the heap grows: auth's resident memory
# under load stayed near 150 MiB instead of 230. V8's young generation grows to two 16 MiB
# semi-spaces while the modules load and keeps them; two 4 MiB ones took ~24 MiB off every
# process, idle and under load, for no measurable CPU per request (tools/bench/report/findings.md,
# "Memory").
ENV NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=4"
# glibc maps blocks of 1 MiB and more for themselves and unmaps them when freed. Left to itself it
# raises that threshold to each large block freed (up to 32 MiB) and keeps the next ones in the
# arena of the thread that asked: a password hash's 8 MiB scrypt block stayed resident in each
# libuv thread that had hashed (tools/bench/report/findings.md, "Memory").
ENV MALLOC_MMAP_THRESHOLD_=1048576
# A block mapped for itself is faulted in page by page: 2,048 faults of 4 KiB for each hash's 8 MiB,
# a third more CPU per sign-in. Asked for transparent huge pages (where the node's
# /sys/kernel/mm/transparent_hugepage/enabled is `madvise` or `always`), the same block takes four
# faults, and the CPU per hash is what it was with the block kept (glibc 2.35 and later).
ENV GLIBC_TUNABLES=glibc.malloc.hugetlb=1
WORKDIR /app
COPY --from=dependencies /app/package.json ./package.json
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=code /out/dist ./dist
# The image's `node` user, by number, so Kubernetes' runAsNonRoot can verify it is not root.
USER 1000:1000
ARG SERVICE
ENV SERVICE=${SERVICE}
EXPOSE 3000 3001 3002 3003
# `exec` makes node PID 1's direct replacement, so SIGTERM reaches it and it drains. The CLI's
# image takes its command from the caller (`node dist/apps/cli/src/main.js admin migrate`).
CMD ["sh", "-c", "exec node \"dist/apps/${SERVICE}/src/main.js\""]
