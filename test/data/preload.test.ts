import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChecker, createEmailCheck } from '../../src/index.js';
import { DATASETS } from '../../src/registry.js';
import { lazyLoads } from '../../src/common/loads.js';
import { randomAddresses } from '../support/ipDifferential.js';

// After preload() a check loads nothing more: no dataset file read, no table
// derived, no library required, no section of a table indexed or decoded,
// no page of a city file read. The data layer counts each lazy load
// (src/data/loads.ts); a battery of checks over the fixtures of every
// product, run after preload(), must leave the counts as preload() left them.
// Timing is not asserted (shared machines); what is loaded is.
//
// This file runs in its own process (Vitest's forks pool), so the default
// bundle and the libraries start unloaded here.

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const json = (path: string) => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as Record<string, unknown>;
const lines = (path: string) => readFileSync(join(FIXTURES, path), 'utf8').split('\n').filter((line) => line.trim() !== '');
const every = <T>(items: readonly T[], step: number): T[] => items.filter((_, i) => i % step === 0);
const tsv = (path: string) => lines(path).filter((line) => !line.startsWith('#')).slice(1).map((line) => line.split('\t'));

/** The fixtures of every product, sampled: each kind of input its tests know (syntax, typos, bots, client hints, every calling code…). */
function battery(checker: ReturnType<typeof createChecker>): number {
  let checks = 0;
  const check = (run: () => unknown) => {
    run();
    checks++;
  };
  const syntax = json('email/syntax.json').cases as { address: string }[];
  const typos = json('email/typos.json') as { typos: { address: string }[]; notTypos: { address: string }[] };
  const confusable = json('email/confusable.json').cases as { address: string }[];
  for (const c of [...syntax, ...every(typos.typos, 2), ...every(typos.notTypos, 2), ...confusable]) check(() => checker.email(c.address));
  for (const line of [...every(lines('device/device_ua.dev.jsonl'), 8), ...lines('device/client_hints.dev.jsonl')]) {
    const { input } = JSON.parse(line) as { input: { user_agent: string; headers?: Record<string, string> } };
    check(() => checker.device(input.user_agent, input.headers === undefined ? undefined : { headers: input.headers }));
  }
  const ips = [...randomAddresses(400, 7), '10.1.2.3', '127.0.0.1', '::1', '2001:db8::1', '81.2.69.142', '::ffff:81.2.69.142', '2002:c000:0204::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'];
  for (const ip of ips) check(() => checker.ip(ip, { now: new Date(Date.UTC(2026, 0, 1, 3)) }));
  const phones = json('phone/google-examples.json') as { examples: { e164: string; region: string }[] };
  for (const e of phones.examples) check(() => checker.phone(e.e164));
  // 001: the non-geographic entities (+800, +882…), which have no national form.
  for (const e of every(phones.examples, 10)) if (e.region !== '001') check(() => checker.phone(e.e164.slice(4), { defaultCountry: e.region }));
  for (const [first, last] of [...tsv('name/real.tsv'), ...tsv('name/fake.tsv')]) check(() => checker.name(first ?? '', last ?? ''));
  for (const line of [...lines('identity/consistent.jsonl'), ...lines('identity/inconsistent.jsonl')]) {
    const p = JSON.parse(line) as Record<string, string | undefined>;
    const input = { email: p.email, phone: p.phone, ip: p.ip, userAgent: p.userAgent, firstName: p.firstName, lastName: p.lastName, country: p.country };
    check(() => checker.identity(input, { now: new Date(Date.UTC(2026, 0, 1, 3)) }));
  }
  return checks;
}

/** What was loaded since `before`: each load's name and how many more times. */
function loadedSince(before: ReadonlyMap<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [what, n] of lazyLoads()) if (n !== (before.get(what) ?? 0)) out[what] = n - (before.get(what) ?? 0);
  return out;
}

describe('preload() loads what the first checks would load', () => {
  it('a product check alone: only its own data, and its later checks load nothing more', () => {
    // Run first, while nothing is loaded: the e-mail check's preload reads the e-mail files and no other product's.
    const before = new Map(lazyLoads());
    const email = createEmailCheck();
    email.preload();
    const loaded = Object.keys(loadedSince(before));
    expect(loaded.filter((what) => what.startsWith('file ')).sort()).toEqual(
      ['file email/disposable.json', 'file email/free-providers.json', 'file email/local-parts.json', 'file email/mailchecker.json', 'file email/popular-domains.json', 'file email/roles.json'],
    );
    expect(loaded.filter((what) => what.startsWith('derive ') && !what.startsWith('derive email/'))).toEqual([]);
    expect(loaded.filter((what) => what.startsWith('module ')).sort()).toEqual(['module fast-levenshtein', 'module tldts']);
    const after = new Map(lazyLoads());
    for (const c of every(json('email/syntax.json').cases as { address: string }[], 1)) email(c.address);
    expect(loadedSince(after)).toEqual({});
  });

  it('a checker: every dataset verified, and a battery of every product after it loads nothing', () => {
    const checker = createChecker();
    // Without preload, the first check of a product loads its data: the counter sees it (so it can see a miss).
    const cold = new Map(lazyLoads());
    checker.phone('+86 10 6552 9988');
    expect(Object.keys(loadedSince(cold))).toEqual(expect.arrayContaining(['decode phone prefix section', 'module libphonenumber-js/max']));

    checker.preload();
    const info = checker.dataInfo();
    expect(info.map((d) => `${d.product}/${d.name}`).sort()).toEqual(DATASETS.map((f) => `${f.product}/${f.name}`).sort());
    expect(info.filter((d) => !d.verified)).toEqual([]);

    const preloaded = new Map(lazyLoads());
    expect(battery(checker)).toBeGreaterThan(2000);
    expect(loadedSince(preloaded)).toEqual({});
  });
});
