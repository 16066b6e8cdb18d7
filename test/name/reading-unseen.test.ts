/**
 * Recall of the joke reading (NAME_HUMOROUS_READING, src/name/reading/reading.ts
 * and src/name/reading/sentences.ts) on joke names it has not seen: a
 * development set written from the well-known genres of prank
 * and pun names, none of them in the curated joke list
 * (data/raw/name/humorous.txt) nor a row of the name fixtures (both checked
 * below, by membership only: the fixtures' scored half is never looked at).
 * The reading is measured alone, as src/name/listMatch.ts asks it, the
 * lists left aside, so a name the list catches by sound or a vulgar token
 * still counts as a miss here.
 *
 * The test prints the recall of each family and every miss. It fails when
 * recall falls below the figure last measured (a regression floor, not a
 * target: the misses are what is left to read). Readings are widened by
 * families of misses, never for one row: each new rule is also tested on
 * names other than these (test/name/reading*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { matchNameList } from '../../src/name/data/index.js';
import { foldName } from '../../src/name/data/fold.js';
import { readingOfParts } from '../../src/name/reading/reading.js';
import { knownToken } from '../../src/name/tokens.js';
import { fakeNames, realNames } from './fixtures.js';
import { analyser, rd, tables } from './tables.js';

const known = (token: string): boolean => knownToken(tables, token);

type Family = 'compound' | 'idiom' | 'vulgar' | 'initial' | 'sentence' | 'foreign';

/**
 * Joke names by family, each "Given Surname": the first word is the given-name field, the rest (a middle
 * initial too) the surname field. What a name is read as is given by the family's note.
 */
const UNSEEN: Readonly<Record<Family, readonly string[]>> = {
  // compound: the whole name is one English word said in two (Anna Conda → anaconda)
  compound: [
    'Barry Cade', 'Bill Fold', 'Ann Chovy', 'Pat Tern', 'Don Key', 'Jack Potts', 'Jack Hammer', 'Bob Sled', 'Bob Katt', 'Doug Out',
    'Ella Mentary', 'Arty Fishal', 'Bea Hive', 'Bo Nanza', 'Cam Ouflage', 'Cy Clone', 'Dee Licious', 'Ed Ucation', 'Emma Grant',
    'Faye Tality', 'Ginger Snapp', 'Hal Lucination', 'Harmon Ica', 'Herb Icide', 'Holly Day', 'Jen Eration', 'Jerry Mander', 'Jim Nastics',
    'Kat Astrophe', 'Lynn Guini', 'Mal Practice', 'Marge Arine', 'Matt Tress', 'Max Imum', 'Mel Ody', 'Mike Robe', 'Minnie Van',
    'Miss Ellaneous', 'Nick Otine', 'Otto Mobile', 'Percy Cution', 'Phil Harmonic', 'Polly Gamy', 'Ray Dio', 'Rhoda Dendron', 'Rick Shaw',
    'Sal Vation', 'Sara Nade', 'Sid Ewalk', 'Tom Ato', 'Vic Tory', 'Walter Mellon', 'Will Ingly', 'Barry Tone', 'Cara Mel', 'Di Abetes',
    'Don Ation', 'Ella Fant', 'Hugh Manity', 'Kay Bull', 'Lee Monade', 'Luke Warm', 'Manny Cure', 'Mo Squito', 'Pat Ience', 'Sally Mander',
    'Tim Ber', 'Shanda Lear', 'Bill Ding', 'Sue Shi', 'Paige Ant', 'Mary Time', 'Tara Dactyl', 'Claire Voyant', 'Gene Ius',
    'Phil Anthropist', 'Pete Zah', 'Ann Tenna', 'Ally Gator', 'Hank Erchief', 'Cory Ander', 'Rod Ent', 'Cara Van', 'Mae Day', 'Eve Ning',
    'Barb Ecue', 'Ella Gant', 'Anne Teak', 'Tom Foolery', 'Brock Ollie', 'Chuck Wagon', 'Pat Ella', 'Paul Tergeist', 'Ty Phoon',
    'Dan Delion', 'Rosa Mary', 'Sage Brush', 'Herb Alist', 'Mel Ancholy', 'Bella Donna', 'Tim Panni', 'Saul Ted', 'Roman Tick',
    'Reese Cycle', 'Tia Drop', 'Dick Tator', 'Dick Tionary', 'Sam Pull', 'Ruth Less', 'Hope Less', 'Count Less', 'Nat Ural', 'Ray Zor',
    'Ty Tanic', 'Pam Phlet', 'Kim Chee', 'Sam Urai', 'Olga Rithm', 'Ali Bye', 'Cam Paign', 'Di Vorce', 'Gus Tow', 'Hy Giene', 'Ken Ell',
    'Minnie Mum', 'Otto Graph', 'Perry Scope', 'Rhea Lity', 'Sal Ute', 'Tom Katt', 'Vi Olin', 'Wanda Lust', 'Al Ligator', 'Jay Bird',
    'Bud Jet', 'Carl Azzle', 'Russ Tee', 'Stan Still', 'Kerry Oakey', 'Lou Sirr', 'Dee Fence', 'Ernie Stly', 'Hugh Moore', 'Grant Ed',
    'Warren Tee', 'Pepper Mint', 'Sal Add',
  ],
  // idiom: the whole name is a two-word expression (Robin Banks → robbing banks)
  idiom: [
    'Robin Banks', 'Ray Gunn', 'Rocky Rhode', 'Ginger Ale', 'Gene Poole', 'Gail Warning', 'Marsha Larts', 'Justin Credible',
    'Laura Norder', 'Lance Boyle', 'Neil Before', 'Dora Jarr', 'Les Moore', 'Sonny Side', 'Stormy Knight', 'Sandy Shores', 'Candy Kane',
    'Terry Cloth', 'Cookie Cutter', 'Rusty Bucket', 'Justin Thyme',
  ],
  // vulgar: a vulgar or bodily phrase said with a name's sounds (Mike Hunt → my cunt)
  vulgar: [
    'Penny Tration', 'Phil McCavity', 'Phil Mahole', 'Ivana Bonar', 'Anita Hump', 'Dixon Butts', 'Wilma Dickfit', 'Sofa King', 'Ima Horny',
    'Eura Snotball', 'Ivor Biggun', 'Mike Oxhard', 'Phil Myass', 'Holden Mycock', 'Holden Mydick', 'Hugh Gass', 'Hugh Jardon', 'Dill Doe',
    'Stu Pidass', 'Sukmi Dik', 'Buster Hymen', 'Bea Yotch', 'Hugh Rektion', 'Ivana Blowyu', 'Seymour Titz', 'Anna Nuss', 'Tu Biggun',
    'Wayne Kur', 'Mike Oxsmall', 'Ben Haddick', 'Ophelia Balls', 'Lick Mabutt', 'Anita Lay', 'Harry Nads', 'Kuntz Likker', 'Willie Fitz',
    'Dick Smalls', 'Gaylord Focker', 'Jack Kauff', 'Pete Ophile', 'Ho Moe', 'Dee Ldo', 'Fonda Cox',
  ],
  // initial: a middle initial said as its letter (Chris P. Bacon → crispy bacon)
  initial: [
    'Ted E. Bear', 'Anna L. Sex', 'Ray N. Bow', 'Bill E. Goat', 'Stan D. Still', 'Ty D. Bowl', 'Al E. Gator', 'Emma C. Ated', 'Kay O. Tic',
    'Hugh G. Dick', 'Tim O. Thee', 'Jess T. Fying',
  ],
  // sentence: a short sentence (Anita Bath → I need a bath)
  sentence: [
    'Mona Lott', 'Iona Lottery', 'Ivor Headache', 'Doris Open', 'Anita Shower', 'Ima Pain', 'Ima Looser', 'Hugo Nowhere', 'Ivana Divorce',
    'Xavier Money', 'Sue Yu', 'Willie Winnit', 'Ida Know',
  ],
  // foreign: German, French and Spanish puns of the same kinds (Rainer Zufall → reiner Zufall)
  foreign: [
    'Anna Bolika', 'Axel Schweiss', 'Rosa Schluepfer', 'Klaus Trophobie', 'Rainer Zufall', 'Claire Grube', 'Ellen Bogen', 'Anna Nass',
    'Mira Bellenbaum', 'Reiner Wein', 'Jean Bon', 'Alain Proviste', 'Jean Naimarre', 'Larry Golade', 'Paul Ochon', 'Sacha Touille',
    'Marc Assin', 'Elena Nito', 'Aitor Tilla', 'Susana Oria', 'Armando Bronca', 'Aitor Menta', 'Ana Tomia', 'Lola Mento', 'Helen Chufe',
  ],
};

/** Every name of the set as [family, given-name field, surname field], families in the order above. */
const UNSEEN_JOKES: readonly (readonly [Family, string, string])[] = (Object.entries(UNSEEN) as [Family, readonly string[]][]).flatMap(([family, names]) =>
  names.map((name): [Family, string, string] => [family, name.slice(0, name.indexOf(' ')), name.slice(name.indexOf(' ') + 1)]),
);

/** The reading as src/name/listMatch.ts asks it (`readingOfParts`), every token taken as a known name only where the tables know it. */
function readingAlone(first: string, last: string): string | undefined {
  return readingOfParts(rd, analyser.analyse(first).tokens, analyser.analyse(last).tokens, known);
}

/** Least share of the set read as jokes: the figure last measured (see docs/name.md, humour). */
const FLOOR = 0.51;

describe('joke names the reading has not seen (development set)', () => {
  it('holds none of the curated joke list and no fixture row', () => {
    const fixtureKeys = new Set([...realNames(), ...fakeNames()].map((r) => foldName(`${r.first} ${r.last}`)));
    const seen = new Set<string>();
    for (const [, first, last] of UNSEEN_JOKES) {
      const key = foldName(`${first} ${last}`);
      expect(matchNameList(tables.lists, 'humorous', key), `${first} ${last} is listed`).toBeUndefined();
      expect(fixtureKeys.has(key), `${first} ${last} is a fixture row`).toBe(false);
      expect(seen.has(key), `${first} ${last} twice`).toBe(false);
      seen.add(key);
    }
  });

  it('reports the recall of each family and every miss', () => {
    const byFamily = new Map<Family, { read: number; all: number }>();
    const misses: string[] = [];
    let read = 0;
    for (const [family, first, last] of UNSEEN_JOKES) {
      const counts = byFamily.get(family) ?? { read: 0, all: 0 };
      counts.all++;
      if (readingAlone(first, last) === undefined) misses.push(`${family}: ${first} ${last}`);
      else {
        counts.read++;
        read++;
      }
      byFamily.set(family, counts);
    }
    const pct = (a: number, b: number): string => `${((100 * a) / b).toFixed(1)}% (${a}/${b})`;
    console.log(
      [
        `reading alone: ${pct(read, UNSEEN_JOKES.length)}`,
        ...[...byFamily].map(([family, c]) => `  ${family}: ${pct(c.read, c.all)}`),
        `misses (${misses.length}):`,
        ...misses.map((m) => `  ${m}`),
      ].join('\n'),
    );
    expect(read / UNSEEN_JOKES.length).toBeGreaterThanOrEqual(FLOOR);
  });
});
