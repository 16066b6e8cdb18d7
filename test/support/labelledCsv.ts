import { Faker, base, en } from '@faker-js/faker';
import { prng } from './prng.js';

/**
 * A synthetic labelled sign-up file for the evaluate and tune tests and the
 * tune measurement: seeded, so every run gets the same rows. It is made up,
 * and made from what the package already checks: abusive rows mostly carry a
 * disposable domain, a generated-looking local part or a placeholder name;
 * genuine rows a first.last address at a free provider and a real-looking
 * name. Then a tenth of the labels are flipped, so neither side is clean and
 * no AUC is 1. Figures from it say that the commands run and agree with the
 * library, nothing about real abuse.
 */
export const LABELLED_HEADER = 'email,phone,ip,user_agent,first_name,last_name,outcome';

const DISPOSABLE = ['mailinator.com', 'yopmail.com', 'guerrillamail.com', '10minutemail.com', 'trashmail.com', 'sharklasers.com'];
const PLACEHOLDERS = [['Test', 'Test'], ['asdf', 'asdf'], ['John', 'Doe'], ['qwerty', 'uiop'], ['Mickey', 'Mouse']] as const;
/** The outcome column's spellings: each label in more than one, as exports write them. */
const SPELLED = { abusive: ['bad', '1', 'Fraud'], genuine: ['good', '0', 'legit'] } as const;

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** {@link LABELLED_HEADER} then `rows` rows; about `abusiveShare` of them abusive before the flips. */
export function* labelledCsv(rows: number, seed = 32, abusiveShare = 0.3): Generator<string> {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  yield LABELLED_HEADER;
  for (let i = 0; i < rows; i++) {
    const abusive = random() < abusiveShare;
    let first = faker.person.firstName();
    let last = faker.person.lastName();
    let email: string;
    if (abusive) {
      const local = random() < 0.5 ? faker.string.alphanumeric({ length: 10, casing: 'lower' }) : `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
      email = `${local}@${random() < 0.6 ? pick(DISPOSABLE) : 'gmail.com'}`;
      if (random() < 0.4) [first, last] = pick(PLACEHOLDERS);
    } else {
      email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${pick(['gmail.com', 'outlook.com', 'yahoo.com'])}`;
    }
    const label = random() < 0.1 ? !abusive : abusive;
    const ip = i % 10 === 0 ? faker.internet.ipv6() : faker.internet.ipv4();
    yield [email, faker.phone.number({ style: 'international' }), ip, faker.internet.userAgent(), first, last, pick(label ? SPELLED.abusive : SPELLED.genuine)].map(cell).join(',');
  }
}
