import { closeSync, openSync, writeSync } from 'node:fs';
import { Faker, base, en } from '@faker-js/faker';

/**
 * Customer files for the batch tests and bench, made by a seeded faker so
 * every run gets the same rows. Nothing big is committed: the bench writes
 * its million rows into .tmp/ (gitignored) each time.
 */
function fakerWith(seed: number): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  return faker;
}

/** A CSV cell, quoted when needed (the user agents hold commas). */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** `Id,Email` then `rows` e-mail rows. */
export function* emailCsv(rows: number, seed = 16): Generator<string> {
  const faker = fakerWith(seed);
  yield 'Id,Email';
  for (let i = 1; i <= rows; i++) yield `${i},${cell(faker.internet.email())}`;
}

/** The columns of {@link mixedCsv}: all five products, named as a CRM export names them. */
export const MIXED_HEADER = 'Id,Email,Phone,First Name,Last Name,IP,User Agent';

/** {@link MIXED_HEADER} then `rows` rows with all five products (a tenth of the IPs are IPv6). */
export function* mixedCsv(rows: number, seed = 16): Generator<string> {
  const faker = fakerWith(seed);
  yield MIXED_HEADER;
  for (let i = 1; i <= rows; i++) {
    const ip = i % 10 === 0 ? faker.internet.ipv6() : faker.internet.ipv4();
    yield [String(i), faker.internet.email(), faker.phone.number({ style: 'international' }), faker.person.firstName(), faker.person.lastName(), ip, faker.internet.userAgent()]
      .map(cell)
      .join(',');
  }
}

/** Writes `lines` to `path`, one a line, in blocks so a million rows never sit in memory. */
export function writeLines(path: string, lines: Iterable<string>): void {
  const fd = openSync(path, 'w');
  try {
    let block = '';
    for (const line of lines) {
      block += `${line}\n`;
      if (block.length > 1 << 20) {
        writeSync(fd, block);
        block = '';
      }
    }
    writeSync(fd, block);
  } finally {
    closeSync(fd);
  }
}
