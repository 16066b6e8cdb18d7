/**
 * The architecture of src/, as rules: the single source of the layers that
 * docs/ARCHITECTURE.md draws (test/docs/architecture.test.ts checks the two
 * agree). `npm run lint` runs `depcruise src`: any violation fails it (there
 * is no list of known exceptions).
 *
 * Layers, each importing only those below it:
 *
 *   apps       cli → (server, batch, update)          src/cli, src/server, src/batch, src/update
 *   checker    registry, checker, resolve, one-call   src/*.ts, src/providers, src/subpaths, src/tuning
 *   identity   the cross-signal check                 src/identity
 *   products   email, device, ip, phone, name         src/<product>
 *   scoring, data                                      src/scoring, src/data
 *   core       errors, options, cache, input, clock   src/errors.ts, src/common
 *
 * A product (and identity) is imported from outside its folder only through
 * its index.ts (the registry also through its product.ts), and never by
 * another product.
 */
const CORE = '^src/(errors\\.ts$|common/)';
const SCORING = '^src/scoring/';
const DATA = '^src/data/';
const PRODUCTS = '^src/(email|device|ip|phone|name)/';
const IDENTITY = '^src/identity/';
const CHECKER = '^src/([^/]+\\.ts$|providers/|subpaths/|tuning/)';
const APPS = '^src/(cli|server|batch|update)/';

/** A rule forbidding `from` to import anything in src that is not in `allowed`. */
function only(name, from, allowed, comment) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: { path: '^src/', pathNot: allowed },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle makes two modules one: neither can be read, tested or loaded alone.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'src-not-test',
      comment: 'Shipped code never reads the tests, benches or build scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
    only('core-is-the-floor', CORE, CORE, 'core (errors, options, cache, input, clock) imports nothing of ours above it.'),
    only('scoring-on-core', SCORING, [CORE, SCORING], 'The score engine knows no product: products hand it their models.'),
    only('data-on-core', DATA, [CORE, DATA], 'Bundles, manifests and formats know no product: products hand them their formats.'),
    only('products-below-identity', PRODUCTS, [CORE, SCORING, DATA, PRODUCTS], 'A product reads core, scoring and data, never identity, the checker or an app.'),
    {
      name: 'products-apart',
      comment: 'A product never imports another product: what two share lives in core.',
      severity: 'error',
      from: { path: '^src/(email|device|ip|phone|name)/' },
      to: { path: PRODUCTS, pathNot: '^src/$1/' },
    },
    only('identity-on-products', IDENTITY, [CORE, SCORING, DATA, PRODUCTS, IDENTITY], 'Identity receives the checks it combines; it never imports the checker.'),
    only('checker-below-apps', CHECKER, [CORE, SCORING, DATA, PRODUCTS, IDENTITY, CHECKER], 'The checker layer (registry, checker, resolve, providers, one-call functions) never imports an app.'),
    {
      name: 'through-index',
      comment:
        'A product or identity is entered through its index.ts (its public entry), and by the registry through its product.ts: its other files are its own business.',
      severity: 'error',
      from: { path: '^src/([^/]+)' },
      to: { path: '^src/(email|device|ip|phone|name|identity)/(?!(index|product)\\.ts$)', pathNot: '^src/$1/' },
    },
    {
      name: 'apps-apart',
      comment: 'server, batch and update are apps the CLI drives: none imports the CLI or another of them.',
      severity: 'error',
      from: { path: '^src/(server|batch|update)/' },
      to: { path: APPS, pathNot: '^src/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
