/**
 * Recall of the joke reading (NAME_HUMOROUS_READING, src/name/reading.ts
 * and src/name/sentenceReading.ts) on joke names it has not seen: a
 * development set written for issue 18 from the well-known genres of prank
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
import { analysePart } from '../../src/name/analyse.js';
import { matchNameList } from '../../src/name/data/index.js';
import { foldName } from '../../src/name/data/fold.js';
import { readingOfParts } from '../../src/name/reading.js';
import { knownToken } from '../../src/name/tokens.js';
import { fakeNames, realNames } from './fixtures.js';

type Family = 'compound' | 'idiom' | 'vulgar' | 'initial' | 'sentence' | 'foreign';

/** Joke names by family: what the name is read as is given by the family's note. */
const UNSEEN_JOKES: readonly (readonly [Family, string, string])[] = [
  // compound: the whole name is one English word said in two (Anna Conda → anaconda)
  ['compound', 'Barry', 'Cade'], ['compound', 'Bill', 'Fold'], ['compound', 'Ann', 'Chovy'], ['compound', 'Pat', 'Tern'], ['compound', 'Don', 'Key'],
  ['compound', 'Jack', 'Potts'], ['compound', 'Jack', 'Hammer'], ['compound', 'Bob', 'Sled'], ['compound', 'Bob', 'Katt'],
  ['compound', 'Doug', 'Out'], ['compound', 'Ella', 'Mentary'], ['compound', 'Arty', 'Fishal'], ['compound', 'Bea', 'Hive'],
  ['compound', 'Bo', 'Nanza'], ['compound', 'Cam', 'Ouflage'], ['compound', 'Cy', 'Clone'], ['compound', 'Dee', 'Licious'],
  ['compound', 'Ed', 'Ucation'], ['compound', 'Emma', 'Grant'], ['compound', 'Faye', 'Tality'], ['compound', 'Ginger', 'Snapp'],
  ['compound', 'Hal', 'Lucination'], ['compound', 'Harmon', 'Ica'], ['compound', 'Herb', 'Icide'], ['compound', 'Holly', 'Day'],
  ['compound', 'Jen', 'Eration'], ['compound', 'Jerry', 'Mander'], ['compound', 'Jim', 'Nastics'], ['compound', 'Kat', 'Astrophe'],
  ['compound', 'Lynn', 'Guini'], ['compound', 'Mal', 'Practice'], ['compound', 'Marge', 'Arine'], ['compound', 'Matt', 'Tress'],
  ['compound', 'Max', 'Imum'], ['compound', 'Mel', 'Ody'], ['compound', 'Mike', 'Robe'], ['compound', 'Minnie', 'Van'],
  ['compound', 'Miss', 'Ellaneous'], ['compound', 'Nick', 'Otine'], ['compound', 'Otto', 'Mobile'], ['compound', 'Percy', 'Cution'],
  ['compound', 'Phil', 'Harmonic'], ['compound', 'Polly', 'Gamy'], ['compound', 'Ray', 'Dio'], ['compound', 'Rhoda', 'Dendron'],
  ['compound', 'Rick', 'Shaw'], ['compound', 'Sal', 'Vation'], ['compound', 'Sara', 'Nade'], ['compound', 'Sid', 'Ewalk'],
  ['compound', 'Tom', 'Ato'], ['compound', 'Vic', 'Tory'], ['compound', 'Walter', 'Mellon'], ['compound', 'Will', 'Ingly'],
  ['compound', 'Barry', 'Tone'], ['compound', 'Cara', 'Mel'], ['compound', 'Di', 'Abetes'], ['compound', 'Don', 'Ation'],
  ['compound', 'Ella', 'Fant'], ['compound', 'Hugh', 'Manity'], ['compound', 'Kay', 'Bull'], ['compound', 'Lee', 'Monade'],
  ['compound', 'Luke', 'Warm'], ['compound', 'Manny', 'Cure'], ['compound', 'Mo', 'Squito'], ['compound', 'Pat', 'Ience'],
  ['compound', 'Sally', 'Mander'], ['compound', 'Tim', 'Ber'], ['compound', 'Shanda', 'Lear'], ['compound', 'Bill', 'Ding'],
  ['compound', 'Sue', 'Shi'], ['compound', 'Paige', 'Ant'], ['compound', 'Mary', 'Time'], ['compound', 'Tara', 'Dactyl'],
  ['compound', 'Claire', 'Voyant'], ['compound', 'Gene', 'Ius'], ['compound', 'Phil', 'Anthropist'], ['compound', 'Pete', 'Zah'],
  ['compound', 'Ann', 'Tenna'], ['compound', 'Ally', 'Gator'], ['compound', 'Hank', 'Erchief'], ['compound', 'Cory', 'Ander'],
  ['compound', 'Rod', 'Ent'], ['compound', 'Cara', 'Van'], ['compound', 'Mae', 'Day'], ['compound', 'Eve', 'Ning'], ['compound', 'Barb', 'Ecue'],
  ['compound', 'Ella', 'Gant'], ['compound', 'Anne', 'Teak'], ['compound', 'Tom', 'Foolery'], ['compound', 'Brock', 'Ollie'],
  ['compound', 'Chuck', 'Wagon'], ['compound', 'Pat', 'Ella'], ['compound', 'Paul', 'Tergeist'], ['compound', 'Ty', 'Phoon'],
  ['compound', 'Dan', 'Delion'], ['compound', 'Rosa', 'Mary'], ['compound', 'Sage', 'Brush'], ['compound', 'Herb', 'Alist'],
  ['compound', 'Mel', 'Ancholy'], ['compound', 'Bella', 'Donna'], ['compound', 'Tim', 'Panni'], ['compound', 'Saul', 'Ted'],
  ['compound', 'Roman', 'Tick'], ['compound', 'Reese', 'Cycle'], ['compound', 'Tia', 'Drop'], ['compound', 'Dick', 'Tator'],
  ['compound', 'Dick', 'Tionary'], ['compound', 'Sam', 'Pull'], ['compound', 'Ruth', 'Less'], ['compound', 'Hope', 'Less'],
  ['compound', 'Count', 'Less'], ['compound', 'Nat', 'Ural'], ['compound', 'Ray', 'Zor'], ['compound', 'Ty', 'Tanic'], ['compound', 'Pam', 'Phlet'],
  ['compound', 'Kim', 'Chee'], ['compound', 'Sam', 'Urai'], ['compound', 'Olga', 'Rithm'], ['compound', 'Ali', 'Bye'], ['compound', 'Cam', 'Paign'],
  ['compound', 'Di', 'Vorce'], ['compound', 'Gus', 'Tow'], ['compound', 'Hy', 'Giene'], ['compound', 'Ken', 'Ell'], ['compound', 'Minnie', 'Mum'],
  ['compound', 'Otto', 'Graph'], ['compound', 'Perry', 'Scope'], ['compound', 'Rhea', 'Lity'], ['compound', 'Sal', 'Ute'],
  ['compound', 'Tom', 'Katt'], ['compound', 'Vi', 'Olin'], ['compound', 'Wanda', 'Lust'], ['compound', 'Al', 'Ligator'], ['compound', 'Jay', 'Bird'],
  ['compound', 'Bud', 'Jet'], ['compound', 'Carl', 'Azzle'], ['compound', 'Russ', 'Tee'], ['compound', 'Stan', 'Still'],
  ['compound', 'Kerry', 'Oakey'], ['compound', 'Lou', 'Sirr'], ['compound', 'Dee', 'Fence'], ['compound', 'Ernie', 'Stly'],
  ['compound', 'Hugh', 'Moore'], ['compound', 'Grant', 'Ed'], ['compound', 'Warren', 'Tee'], ['compound', 'Pepper', 'Mint'],
  ['compound', 'Sal', 'Add'],
  // idiom: the whole name is a two-word expression (Robin Banks → robbing banks)
  ['idiom', 'Robin', 'Banks'], ['idiom', 'Ray', 'Gunn'], ['idiom', 'Rocky', 'Rhode'], ['idiom', 'Ginger', 'Ale'], ['idiom', 'Gene', 'Poole'],
  ['idiom', 'Gail', 'Warning'], ['idiom', 'Marsha', 'Larts'], ['idiom', 'Justin', 'Credible'], ['idiom', 'Laura', 'Norder'],
  ['idiom', 'Lance', 'Boyle'], ['idiom', 'Neil', 'Before'], ['idiom', 'Dora', 'Jarr'], ['idiom', 'Les', 'Moore'], ['idiom', 'Sonny', 'Side'],
  ['idiom', 'Stormy', 'Knight'], ['idiom', 'Sandy', 'Shores'], ['idiom', 'Candy', 'Kane'], ['idiom', 'Terry', 'Cloth'],
  ['idiom', 'Cookie', 'Cutter'], ['idiom', 'Rusty', 'Bucket'], ['idiom', 'Justin', 'Thyme'],
  // vulgar: a vulgar or bodily phrase said with a name's sounds (Mike Hunt → my cunt)
  ['vulgar', 'Penny', 'Tration'], ['vulgar', 'Phil', 'McCavity'], ['vulgar', 'Phil', 'Mahole'], ['vulgar', 'Ivana', 'Bonar'],
  ['vulgar', 'Anita', 'Hump'], ['vulgar', 'Dixon', 'Butts'], ['vulgar', 'Wilma', 'Dickfit'], ['vulgar', 'Sofa', 'King'], ['vulgar', 'Ima', 'Horny'],
  ['vulgar', 'Eura', 'Snotball'], ['vulgar', 'Ivor', 'Biggun'], ['vulgar', 'Mike', 'Oxhard'], ['vulgar', 'Phil', 'Myass'],
  ['vulgar', 'Holden', 'Mycock'], ['vulgar', 'Holden', 'Mydick'], ['vulgar', 'Hugh', 'Gass'], ['vulgar', 'Hugh', 'Jardon'],
  ['vulgar', 'Dill', 'Doe'], ['vulgar', 'Stu', 'Pidass'], ['vulgar', 'Sukmi', 'Dik'], ['vulgar', 'Buster', 'Hymen'], ['vulgar', 'Bea', 'Yotch'],
  ['vulgar', 'Hugh', 'Rektion'], ['vulgar', 'Ivana', 'Blowyu'], ['vulgar', 'Seymour', 'Titz'], ['vulgar', 'Anna', 'Nuss'],
  ['vulgar', 'Tu', 'Biggun'], ['vulgar', 'Wayne', 'Kur'], ['vulgar', 'Mike', 'Oxsmall'], ['vulgar', 'Ben', 'Haddick'],
  ['vulgar', 'Ophelia', 'Balls'], ['vulgar', 'Lick', 'Mabutt'], ['vulgar', 'Anita', 'Lay'], ['vulgar', 'Harry', 'Nads'],
  ['vulgar', 'Kuntz', 'Likker'], ['vulgar', 'Willie', 'Fitz'], ['vulgar', 'Dick', 'Smalls'], ['vulgar', 'Gaylord', 'Focker'],
  ['vulgar', 'Jack', 'Kauff'], ['vulgar', 'Pete', 'Ophile'], ['vulgar', 'Ho', 'Moe'], ['vulgar', 'Dee', 'Ldo'], ['vulgar', 'Fonda', 'Cox'],
  // initial: a middle initial said as its letter (Chris P. Bacon → crispy bacon)
  ['initial', 'Ted', 'E. Bear'], ['initial', 'Anna', 'L. Sex'], ['initial', 'Ray', 'N. Bow'], ['initial', 'Bill', 'E. Goat'],
  ['initial', 'Stan', 'D. Still'], ['initial', 'Ty', 'D. Bowl'], ['initial', 'Al', 'E. Gator'], ['initial', 'Emma', 'C. Ated'],
  ['initial', 'Kay', 'O. Tic'], ['initial', 'Hugh', 'G. Dick'], ['initial', 'Tim', 'O. Thee'], ['initial', 'Jess', 'T. Fying'],
  // sentence: a short sentence (Anita Bath → I need a bath)
  ['sentence', 'Mona', 'Lott'], ['sentence', 'Iona', 'Lottery'], ['sentence', 'Ivor', 'Headache'], ['sentence', 'Doris', 'Open'],
  ['sentence', 'Anita', 'Shower'], ['sentence', 'Ima', 'Pain'], ['sentence', 'Ima', 'Looser'], ['sentence', 'Hugo', 'Nowhere'],
  ['sentence', 'Ivana', 'Divorce'], ['sentence', 'Xavier', 'Money'], ['sentence', 'Sue', 'Yu'], ['sentence', 'Willie', 'Winnit'],
  ['sentence', 'Ida', 'Know'],
  // foreign: German, French and Spanish puns of the same kinds (Rainer Zufall → reiner Zufall)
  ['foreign', 'Anna', 'Bolika'], ['foreign', 'Axel', 'Schweiss'], ['foreign', 'Rosa', 'Schluepfer'], ['foreign', 'Klaus', 'Trophobie'],
  ['foreign', 'Rainer', 'Zufall'], ['foreign', 'Claire', 'Grube'], ['foreign', 'Ellen', 'Bogen'], ['foreign', 'Anna', 'Nass'],
  ['foreign', 'Mira', 'Bellenbaum'], ['foreign', 'Reiner', 'Wein'], ['foreign', 'Jean', 'Bon'], ['foreign', 'Alain', 'Proviste'],
  ['foreign', 'Jean', 'Naimarre'], ['foreign', 'Larry', 'Golade'], ['foreign', 'Paul', 'Ochon'], ['foreign', 'Sacha', 'Touille'],
  ['foreign', 'Marc', 'Assin'], ['foreign', 'Elena', 'Nito'], ['foreign', 'Aitor', 'Tilla'], ['foreign', 'Susana', 'Oria'],
  ['foreign', 'Armando', 'Bronca'], ['foreign', 'Aitor', 'Menta'], ['foreign', 'Ana', 'Tomia'], ['foreign', 'Lola', 'Mento'],
  ['foreign', 'Helen', 'Chufe'],
];

/** The reading as src/name/listMatch.ts asks it (`readingOfParts`), every token taken as a known name only where the tables know it. */
function readingAlone(first: string, last: string): string | undefined {
  return readingOfParts(analysePart(first).tokens, analysePart(last).tokens, knownToken);
}

/** Least share of the set read as jokes: the figure last measured (see docs/name.md, humour). */
const FLOOR = 0.51;

describe('joke names the reading has not seen (development set)', () => {
  it('holds none of the curated joke list and no fixture row', () => {
    const fixtureKeys = new Set([...realNames(), ...fakeNames()].map((r) => foldName(`${r.first} ${r.last}`)));
    const seen = new Set<string>();
    for (const [, first, last] of UNSEEN_JOKES) {
      const key = foldName(`${first} ${last}`);
      expect(matchNameList('humorous', key), `${first} ${last} is listed`).toBeUndefined();
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
