/**
 * The data a device check reads, opened once per checker from the bundle it
 * is given: the maker, model, specs, capability and release tables, the
 * indexes built from them, and the user-agent parser. The rules receive
 * this object (or the one table they read) as an argument, so a signature
 * says what data a function reads; nothing here is shared between checkers.
 *
 * Each table loads on first use, so a check that never reaches, say, the
 * specs table does not read its file; {@link DeviceTables.preload} loads
 * them all.
 */
import type UAParser from 'ua-parser-js';
import type { DataContext } from '../data/context.js';
import { openCapabilities, openMakers, openModels, openReleases, openSpecs, modelBrands } from './data/index.js';
import type { CapabilityIndex, MakerTable, ModelTable, ReleaseTable, SpecsTable } from './data/index.js';
import { indexCodeFamilies } from './codeFamilies.js';
import type { CodeFamilyIndexes } from './codeFamilies.js';
import { isbotLib, uaParser } from './dependencies.js';
import { NON_ALNUM } from './patterns.js';
import { PARSER_EXTENSIONS } from './parserExtensions.js';
import { DEVICE_RULES } from './rules.js';
import type { DeviceRules } from './rules.js';

/** Everything a device check reads besides the user agent and its headers. */
export interface DeviceTables {
  /** The maker list and its rules (data/device/makers.json). */
  readonly makers: MakerTable;
  /** Model codes → brand and marketing name (data/device/models.json). */
  readonly models: ModelTable;
  /** The model table's brands by letters-and-digits spelling (`htc` → `HTC`), for a code's first word. */
  readonly modelBrandIndex: ReadonlyMap<string, string>;
  /** Device specs by brand and model (data/device/specs.json). */
  readonly specs: SpecsTable;
  /** caniuse capability rows by agent (data/device/capabilities.json). */
  readonly capabilities: CapabilityIndex;
  /** Browser release history (data/device/releases.json). */
  readonly releases: ReleaseTable;
  /** The maker table's code, line, OEM and platform rules, indexed. */
  readonly codeFamilies: CodeFamilyIndexes;
  /**
   * The checker's one ua-parser-js instance, with this library's extensions:
   * `setUA` resets its state and checks are synchronous, so no call sees
   * another's user agent, and no call pays for a parser's construction.
   */
  readonly parser: UAParser;
  /** The rule tables the check runs (rules.ts). */
  readonly rules: DeviceRules;
  /** Loads every table, the parser and isbot now (a checker's `preload()`). */
  preload(): void;
}

/** Lower-cased, letters and digits only (as parse.ts compares brand spellings). */
const lettersAndDigits = (s: string): string => s.toLowerCase().replace(NON_ALNUM, '');

/**
 * Opens the device tables of `context`'s bundle. Nothing is read until a
 * table is first used (or {@link DeviceTables.preload} runs).
 *
 * @param context the checker's data
 * @param rules the rule tables to run (a test may pass changed ones)
 *
 * @example
 * // not run: a checker opens its tables once (checkDevice.ts); the models file is read on the first use
 * const tables = openDeviceTables(openData(undefined));
 * tables.models;
 */
export function openDeviceTables(context: DataContext, rules: DeviceRules = DEVICE_RULES): DeviceTables {
  const { bundle } = context;
  let makers: MakerTable | undefined;
  let models: ModelTable | undefined;
  let modelBrandIndex: ReadonlyMap<string, string> | undefined;
  let specs: SpecsTable | undefined;
  let capabilities: CapabilityIndex | undefined;
  let releases: ReleaseTable | undefined;
  let codeFamilies: CodeFamilyIndexes | undefined;
  let parser: UAParser | undefined;
  const tables: DeviceTables = {
    rules,
    get makers() {
      return (makers ??= openMakers(bundle));
    },
    get models() {
      return (models ??= openModels(bundle));
    },
    get modelBrandIndex() {
      return (modelBrandIndex ??= new Map(modelBrands(tables.models).map((b) => [lettersAndDigits(b), b])));
    },
    get specs() {
      return (specs ??= openSpecs(bundle));
    },
    get capabilities() {
      return (capabilities ??= openCapabilities(bundle));
    },
    get releases() {
      return (releases ??= openReleases(bundle));
    },
    get codeFamilies() {
      return (codeFamilies ??= indexCodeFamilies(tables.makers));
    },
    get parser() {
      return (parser ??= new (uaParser())(undefined, PARSER_EXTENSIONS));
    },
    preload() {
      void tables.makers;
      void tables.models;
      void tables.modelBrandIndex;
      void tables.specs;
      void tables.capabilities;
      void tables.releases;
      void tables.codeFamilies;
      void tables.parser;
      isbotLib();
    },
  };
  return tables;
}
