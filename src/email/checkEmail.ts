import { BoundedCache, stringKey } from '../common/boundedCache.js';
import type { CacheKey } from '../common/boundedCache.js';
import { sharedChecker } from '../data/sharedChecker.js';
import { assertString } from '../common/input.js';
import { booleanOption, checkOptions } from '../common/options.js';
import type { OptionRules } from '../common/options.js';
import { scoringRule } from '../scoring/createScorer.js';
import { createScorer } from '../scoring/createScorer.js';
import { codeSetScorer } from '../scoring/codeSetScorer.js';
import type { Signal } from '../scoring/types.js';
import { dataOptionRule, openData, withClock } from '../data/context.js';
import type { DataContext } from '../data/context.js';
import { clockOption, readClock } from '../common/clock.js';
import { preloadOnce } from '../data/preload.js';
import { WARM_UP_CALLS, warmUpEmail } from '../common/warmUp.js';
import { confusableDetail } from './confusable.js';
import { publicSuffixProblem, reservedDomainReason } from './domain.js';
import { isFreeProvider, matchDisposable, matchRole } from './lists.js';
import { LocalScratch, localDomainFacts, localPartFacts } from './localPart.js';
import type { DisposableMatch } from './lists.js';
import { parseEmailAddress } from './parse.js';
import { EMAIL_SCORE_MODEL } from './scoreModel.js';
import type { EmailScoreOutcome } from './scoreModel.js';
import { suggestAsciiDomain } from './suggest.js';
import { openEmailTables } from './tables.js';
import type { EmailTables } from './tables.js';
import type { LocalDomainFacts, LocalPartFacts } from './localPart.js';
import type { EmailCheck, EmailCheckOptions, EmailReasonCode, EmailResult, EmailStatus } from './types.js';
import { hiddenSlot } from '../common/hiddenSlot.js';

/** `scoring` checked against this product's model: its own codes (another product's are that product's business). */
const scoringOption = scoringRule([EMAIL_SCORE_MODEL]);

const PROVIDER_ONLY_DETAIL =
  'offline check: deliverability (MX/SMTP verifier), domain_age (WHOIS/RDAP), social presence and names (social lookup), company_* (company enrichment) need a provider';

/** The decided parts of a result; the provider-only fields are added as nulls. */
interface Verdict {
  readonly status: EmailStatus;
  readonly is_valid: boolean | null;
  readonly is_free: boolean | null;
  readonly domain: string;
  readonly suggestion: string | null;
  readonly canonical: string | null;
  readonly signals: Signal<EmailReasonCode>[];
  /** Whether the disposable verdict (listed or not) was reached, so that the lists' age matters. */
  readonly listsConsulted: boolean;
}

/** The email options besides `scoring`; `createChecker` checks its `email` key with them. */
export const EMAIL_OPTION_RULES: OptionRules = { suggestTypos: booleanOption, secondOpinion: booleanOption };

/**
 * Makes an email check with its options resolved once (scorer, bands,
 * weights, switches): use it when checking many addresses with the same
 * options. The returned function is pure and synchronous.
 *
 * @param options scoring, typo suggestions, mailchecker second opinion, data bundle, clock (`now`)
 * @returns `(email) => EmailResult`
 * @throws InputError `SCORING_CONFIG` for a bad `scoring` (not an object,
 * bad bands, a weight code of no product's model, a weight outside 0..10 nats),
 * `INPUT_OPTION` for any other bad option (not an object, an unknown key, a
 * switch that is not a boolean, `now` neither a valid Date nor a function);
 * `field` is the option's path (`scoring.weights.EMAILFREE`, `suggestTypos`)
 * @example
 * const check = createEmailCheck({ scoring: { bands: 'scorecard' } });
 * check('maria.kowalska@gmail.com').score_cluster; // 'high'
 * check('x7q@yahoo.com').score_cluster;            // 'moderate': nothing but a free provider
 */
export function createEmailCheck(options?: EmailCheckOptions): EmailCheck {
  return createEmailCheckIn(options, undefined);
}

/**
 * {@link createEmailCheck} on `plain` (the one-call functions' data) when
 * given, else on the bundle the options name; on `shared`'s tables when given.
 */
function createEmailCheckIn(options: EmailCheckOptions | undefined, plain: DataContext | undefined, shared?: EmailCheck): EmailCheck {
  const { data, now, ...rest } = checkedOptions(options);
  return emailCheckOn(plain === undefined ? openData(data, 'data', now) : withClock(plain, now), rest, shared === undefined ? undefined : tablesOf(shared));
}

/** The options checked and their defaults' holes left: the rules of {@link createEmailCheck}. */
function checkedOptions(options: EmailCheckOptions | undefined): EmailCheckOptions {
  return checkOptions<EmailCheckOptions>(options, '', {
    ...EMAIL_OPTION_RULES,
    scoring: scoringOption,
    data: dataOptionRule,
    now: clockOption,
  });
}

/** The options of {@link emailCheckOn}: an {@link EmailCheckOptions} without its data and clock, which the context carries. */
export type EmailCheckOnOptions = Omit<EmailCheckOptions, 'data' | 'now'>;

/**
 * The e-mail check on an opened data context: its tables are opened from
 * the context's bundle ({@link openEmailTables}), its clock is the
 * context's. What `createChecker` builds its e-mail check with;
 * {@link createEmailCheck} checks its options and opens the context first.
 *
 * @param context the checker's data context (bundle, age limit, clock)
 * @param options scoring and switches, already checked
 * @param tables tables already opened on a context of the same bundle and age limit (the one-call checker's), else opened here
 */
export function emailCheckOn(context: DataContext, options: EmailCheckOnOptions = {}, tables: EmailTables = openEmailTables(context)): EmailCheck {
  const { scoring, suggestTypos = true, secondOpinion = true } = options;
  const scratch = new LocalScratch();
  // Scored once per set of codes raised (a few hundred occur), per checker: its weights and bands are its own.
  const score = codeSetScorer(EMAIL_SCORE_MODEL, createScorer(EMAIL_SCORE_MODEL, scoring));
  // Per checker, not per module: two checkers with different options never share answers.
  const cache = new BoundedCache<CacheKey, DomainFacts>(DOMAIN_CACHE_SIZE);
  const facts = (domain: string, domainUnicode: string): DomainFacts => {
    // The ASCII domain alone is the key, with no key string built per call: the Unicode form is a function
    // of it (parse.ts decodes it, or keeps the ASCII form when it does not round-trip), and this cache holds
    // one kind of key only.
    const key = stringKey(domain);
    let known = cache.get(key);
    if (known === undefined) {
      known = domainFacts(tables, domain, domainUnicode, suggestTypos, secondOpinion);
      cache.set(key, known);
    }
    return known;
  };

  const result = (email: string, verdict: Verdict, nowMs: number): EmailResult => {
    // The disposable verdict (listed or not) rests on the lists being current.
    const staleLists = verdict.listsConsulted ? tables.staleDetail(nowMs, secondOpinion) : null;
    if (staleLists !== null) verdict.signals.push({ code: 'EMAIL_DATA_STALE', detail: staleLists });
    return build(email, verdict, score(verdict.signals));
  };
  const at = (nowMs: number, email: string): EmailResult => {
    assertString(email, 'email');
    return result(email, judge(email, tables, scratch, facts), nowMs);
  };
  const check = (email: string): EmailResult => {
    assertString(email, 'email');
    const verdict = judge(email, tables, scratch, facts);
    // The clock is read only when the lists' age matters; an identity gives its own instant through `at`.
    return result(email, verdict, verdict.listsConsulted ? readClock(context.now) : Number.NaN);
  };
  const preload = preloadOnce([
    () => tables.preload(),
    () => {
      for (let i = 0; i < WARM_UP_CALLS; i++) check(warmUpEmail(i));
    },
  ]);
  const emailCheck = Object.assign(check, { at, preload });
  TABLES.put(emailCheck, tables);
  return emailCheck;
}

/** Where a check keeps its tables, for the module-level helpers that read the one-call functions' ({@link tablesOf}). */
const TABLES = hiddenSlot<EmailTables>('email tables');

/** The tables a check made by {@link emailCheckOn} reads. @internal */
export function tablesOf(check: EmailCheck): EmailTables {
  return TABLES.get(check);
}

/** An offline result of a verdict and its score. */
function build(email: string, verdict: Verdict, outcome: EmailScoreOutcome): EmailResult {
  return {
    value: email,
    status: verdict.status,
    is_valid: verdict.is_valid,
    is_free: verdict.is_free,
    domain: verdict.domain,
    has_twitter: null,
    has_amazon: null,
    has_linkedin: null,
    has_airbnb: null,
    has_instagram: null,
    found_on_serp: null,
    first_name: null,
    last_name: null,
    company_name: null,
    company_description: null,
    company_industry: null,
    company_employees: null,
    company_job_title: null,
    company_founded: null,
    company_keywords: null,
    company_annual_revenue: null,
    company_logo: null,
    company_country: null,
    company_twitter_url: null,
    company_facebook_url: null,
    company_linkedin_url: null,
    company_total_funding: null,
    company_tech_stack: null,
    domain_age: null,
    education: null,
    employment: null,
    avatar: null,
    score: outcome.score,
    score_cluster: outcome.score_cluster,
    suggestion: verdict.suggestion,
    canonical: verdict.canonical,
    reasons: outcome.reasons,
  };
}

/** Everything the check learns from the domain alone: cached per checker, since real traffic repeats domains. */
interface DomainFacts {
  readonly reserved: string | null;
  readonly suffixProblem: string | null;
  readonly suggestion: string | null;
  readonly disposable: DisposableMatch | null;
  readonly free: boolean;
  readonly confusable: string | null;
  /** What the local-part rules read of the domain (provider rule, relay, subdomain addressing). */
  readonly local: LocalDomainFacts;
  /** The signals of the facts above, built once per domain (the scorer reads them; no result holds them). */
  readonly typoSignal: Signal<EmailReasonCode> | null;
  readonly reservedSignal: Signal<EmailReasonCode> | null;
  readonly invalidSignal: Signal<EmailReasonCode> | null;
  readonly disposableSignal: Signal<EmailReasonCode> | null;
  readonly freeSignal: Signal<EmailReasonCode> | null;
}

/** The signals every deliverable-looking address of some kind raises, alike for all: shared, frozen. */
const PROVIDER_ONLY_SIGNAL: Signal<EmailReasonCode> = Object.freeze({ code: 'EMAIL_PROVIDER_ONLY', detail: PROVIDER_ONLY_DETAIL });
const DOMAIN_UNLISTED_SIGNAL: Signal<EmailReasonCode> = Object.freeze({ code: 'EMAIL_DOMAIN_UNLISTED' });

/** Domains remembered per checker (CLOCK eviction, an approximation of LRU). */
const DOMAIN_CACHE_SIZE = 4096;

function domainFacts(tables: EmailTables, domain: string, domainUnicode: string, suggestTypos: boolean, secondOpinion: boolean): DomainFacts {
  const reserved = reservedDomainReason(domain);
  const suffixProblem = reserved === null ? publicSuffixProblem(domain, tables.tldts) : null;
  const undeliverable = reserved !== null || suffixProblem !== null;
  const disposable = undeliverable ? null : matchDisposable(tables, domain, secondOpinion);
  const suggestion = suggestTypos && reserved === null ? suggestAsciiDomain(domain, tables.popular, tables.icann) : null;
  const free = !undeliverable && isFreeProvider(tables, domain);
  const signal = (code: EmailReasonCode, detail: string): Signal<EmailReasonCode> => Object.freeze({ code, detail });
  return {
    reserved,
    suffixProblem,
    suggestion,
    disposable,
    free,
    confusable: domain === domainUnicode ? null : domainConfusable(domainUnicode),
    local: localDomainFacts(domain, tables.local),
    typoSignal: suggestion === null ? null : signal('EMAIL_TYPO', `did you mean ${suggestion}?`),
    reservedSignal: reserved === null ? null : signal('EMAIL_RESERVED', reserved),
    invalidSignal: suffixProblem === null ? null : signal('EMAIL_INVALID_DOMAIN', suffixProblem),
    disposableSignal: disposable === null ? null : signal('EMAIL_DISPOSABLE', `${disposable.entry} is listed by ${disposable.list}`),
    freeSignal: free ? signal('EMAIL_FREE', `${domain} is a free mail provider`) : null,
  };
}

/** Every offline signal of one address, and the status they settle on (docs/design.md precedence). */
function judge(email: string, tables: EmailTables, scratch: LocalScratch, facts: (domain: string, domainUnicode: string) => DomainFacts): Verdict {
  const parsed = parseEmailAddress(email);
  if (!parsed.ok) {
    return {
      status: 'syntax',
      is_valid: false,
      is_free: null,
      domain: parsed.domain,
      suggestion: null,
      canonical: null,
      signals: [{ code: 'EMAIL_SYNTAX', detail: parsed.detail }],
      listsConsulted: false,
    };
  }
  const { local, domain, domainUnicode } = parsed.address;
  const known = facts(domain, domainUnicode);
  const { reserved, suffixProblem, suggestion, disposable, free, confusable: domainConfusion } = known;
  const undeliverable = reserved !== null || suffixProblem !== null;
  const role = matchRole(tables.roles, local);
  const confusable = confusableDetail(local) ?? domainConfusion;
  const signals: Signal<EmailReasonCode>[] = [];

  if (known.typoSignal !== null) signals.push(known.typoSignal);
  if (known.reservedSignal !== null) signals.push(known.reservedSignal);
  if (known.invalidSignal !== null) signals.push(known.invalidSignal);
  if (known.disposableSignal !== null) signals.push(known.disposableSignal);
  if (confusable !== null) signals.push({ code: 'EMAIL_CONFUSABLE', detail: confusable });
  if (role !== null) signals.push({ code: 'EMAIL_ROLE', detail: `"${role}" is a role name` });
  const lp = localPartFacts(local, domain, domainUnicode, tables.local, scratch, known.local);
  if (!undeliverable) localPartSignals(lp, role !== null, free, suggestion === null && disposable === null && !free && confusable === null, signals);
  if (known.freeSignal !== null) signals.push(known.freeSignal);
  if (!undeliverable && suggestion === null && disposable === null && !free && confusable === null) {
    signals.push(DOMAIN_UNLISTED_SIGNAL);
  }
  if (!undeliverable) signals.push(PROVIDER_ONLY_SIGNAL);

  let status: EmailStatus;
  if (suggestion !== null) status = 'syntax';
  else if (undeliverable) status = 'invalid';
  else if (disposable !== null) status = 'disposable';
  else if (role !== null) status = 'role';
  else status = 'undetermined';

  return {
    status,
    // Only a proof of failure is known offline; success needs an SMTP verifier.
    is_valid: undeliverable ? false : null,
    // The free list is a fact about the typed domain; "false" (company or paying user) is only
    // said of a deliverable-looking domain that is neither disposable nor a likely typo.
    is_free: undeliverable ? null : free ? true : disposable !== null || suggestion !== null ? null : false,
    domain: domainUnicode,
    suggestion,
    canonical: lp.canonical,
    signals,
    listsConsulted: !undeliverable,
  };
}

/**
 * The local part's signals, one per family: a placeholder word hides a walk
 * or a generated reading of the same letters (one fact, counted once), and a
 * role name hides a placeholder.
 */
function localPartSignals(lp: LocalPartFacts, role: boolean, free: boolean, unlisted: boolean, signals: Signal<EmailReasonCode>[]): void {
  if (lp.providerRule !== null) signals.push({ code: 'EMAIL_PROVIDER_RULE', detail: lp.providerRule });
  if (lp.dotVariant !== null) signals.push({ code: 'EMAIL_DOT_VARIANT', detail: lp.dotVariant });
  const placeholder = role ? null : lp.placeholder;
  if (placeholder !== null) signals.push({ code: 'EMAIL_PLACEHOLDER', detail: placeholder });
  if (placeholder === null && lp.keyboardWalk !== null) signals.push({ code: 'EMAIL_KEYBOARD_WALK', detail: lp.keyboardWalk });
  if (placeholder === null && lp.keyboardWalk === null && lp.generated !== null) {
    signals.push({ code: 'EMAIL_GENERATED', detail: `the character model reads it as generated (${lp.generated.toFixed(2)} bits per character below a chosen local part's)` });
  }
  if (lp.digitRun !== null) signals.push({ code: 'EMAIL_DIGIT_RUN', detail: lp.digitRun });
  if (lp.tag !== null) signals.push({ code: 'EMAIL_SUBADDRESS', detail: `sub-address tag "${lp.tag}"; delivered to ${lp.canonical}` });
  if (lp.relay !== null) signals.push({ code: 'EMAIL_RELAY', detail: `${lp.relay}: random aliases are the service's design` });
  // A provider issues each username once, to one account; at any other domain its owner can make up any
  // local part (or take all of them), so a name there says less: the trusts are read at free providers only.
  if (placeholder !== null) return;
  if (!free) {
    if (unlisted && lp.name !== null) signals.push({ code: 'EMAIL_NAME_UNLISTED_DOMAIN', detail: "the local part reads as a person's name, at a domain on no list" });
    return;
  }
  if (lp.name === 'name+year') signals.push({ code: 'EMAIL_NAME_YEAR', detail: "the local part reads as a person's name and a birth year" });
  else if (lp.name === 'name+number') signals.push({ code: 'EMAIL_NAME_NUMBER', detail: "the local part reads as a person's name and a three-digit number" });
  else if (lp.name !== null) signals.push({ code: 'EMAIL_NAME_LIKE', detail: `the local part reads as a person's name${lp.name === 'name' ? '' : ' and one or two digits'}` });
  else if (lp.chosen && lp.keyboardWalk === null && lp.digitRun === null && lp.providerRule === null && lp.dotVariant === null) {
    signals.push({ code: 'EMAIL_LOCAL_CHOSEN', detail: 'the character model reads the local part as chosen by a person (words, a handle) and no local-part risk applies' });
  }
}

/** The first confusable label of a Unicode domain, named, else null. */
function domainConfusable(domainUnicode: string): string | null {
  let start = 0;
  for (;;) {
    const dot = domainUnicode.indexOf('.', start);
    const label = dot < 0 ? domainUnicode.slice(start) : domainUnicode.slice(start, dot);
    const detail = confusableDetail(label);
    if (detail !== null) return `domain label "${label}": ${detail}`;
    if (dot < 0) return null;
    start = dot + 1;
  }
}

const checkerFor = sharedChecker(createEmailCheckIn);

/** Preloads the checker {@link checkEmail} uses without options (the root's `preload()`). @internal */
export function preloadSharedEmailCheck(): void {
  checkerFor(undefined).preload();
}

/**
 * The tables of the checker {@link checkEmail} uses without options: what
 * the module-level helpers (`isDisposableDomain`…) read, built once per
 * one-call bundle (`configureDefaults` replaces it). @internal
 */
export function sharedEmailTables(): EmailTables {
  return tablesOf(checkerFor(undefined));
}

/**
 * Checks one e-mail address offline: syntax (RFC 5321/5322/6531, IDN),
 * public suffix, reserved names, disposable and free providers, role
 * names, confusable scripts and typos of popular domains; returns the
 * spec's `email` object with a 0–1000 score, its cluster, `suggestion` and
 * the `reasons` behind the score. Fields only a provider can know are `null`.
 *
 * @param email the address as the user typed it (not trimmed: white space is a syntax error)
 * @param options scoring and switches; omit for the shared default checker
 * @returns a fresh {@link EmailResult}
 * @throws InputError `INPUT_TYPE` when `email` is not a string; for a bad
 * option, as {@link createEmailCheck} (`INPUT_OPTION` / `SCORING_CONFIG`)
 * @example
 * checkEmail('jane.doe@gmial.com');
 * // { value: 'jane.doe@gmial.com', status: 'syntax', is_valid: null, domain: 'gmial.com',
 * //   suggestion: 'gmail.com', score: 1, score_cluster: 'poor', canonical: 'jane.doe@gmial.com', reasons: [...], ... }
 */
export function checkEmail(email: string, options?: EmailCheckOptions): EmailResult {
  return checkerFor(options)(email);
}
