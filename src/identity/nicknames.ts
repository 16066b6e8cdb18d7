/**
 * Given names that one person writes interchangeably: a formal name, its
 * spelling variants across languages and its usual short forms (Robert,
 * Bob, Rob, Bobby; Aleksandr, Alexander, Sasha, Sanya, Shura). Each line is
 * one group, folded (lower case, no accents: the form foldName gives).
 *
 * Source: written for this project (MIT, as the package) from common usage:
 * English hypocorisms, and the diminutives of Russian, Ukrainian, Polish,
 * German, Spanish, Portuguese, Italian and French given names. No npm
 * package with a licensed nickname table was found in the registry listing
 * (only nickname generators), so the table is kept short, for the names an
 * e-mail address most often shortens, and groups only forms that are not
 * also other common names in their own right where that would mislead
 * (Dan stays with Daniel, not with Danielle).
 */
const GROUPS: readonly string[] = [
  'robert rob robbie bob bobby bert roberto',
  'william will willy bill billy liam wilhelm willem guillermo guillaume',
  'richard rich rick ricky dick ricardo riccardo',
  'james jim jimmy jamie jaime',
  'john johnny jack jon juan johann johannes hans ivan vanya jan giovanni gianni joao jean sean',
  'michael mike mikey mick mikhail misha michal michel miguel michele',
  'elizabeth liz lizzie beth betty eliza elisabeth elisabetta isabel elizaveta liza',
  'margaret maggie meg peggy greta margarita rita marguerite',
  'katherine catherine kate katie kathy cathy kat ekaterina katya katarzyna kasia katharina katrin caterina',
  'alexander alex aleksandr alexandr aleksander oleksandr sasha sanya shura alejandro alessandro alexandre olek sandro',
  'alexandra alexandria aleksandra sasha sandra alessandra alejandra',
  'dmitry dmitri dmitrii dima mitya',
  'vladimir volodymyr vova volodya wlodzimierz',
  'nikolai nikolay mykola kolya nicholas nick nicolas nicola nikolaus klaus niklas',
  'sergei sergey serhiy serge sergio seryozha',
  'aleksei alexey alexei oleksiy alyosha lyosha',
  'andrei andrey andriy andrew andy drew andreas andre andres andrea andrzej',
  'yevgeny evgeny evgeniy yevhen zhenya eugene',
  'anastasia nastya nastia stasia',
  'natalia natalya natasha natalie nathalie',
  'tatiana tatyana tanya tania',
  'ekaterina katya katerina',
  'maria masha mariya mary marie mariia maryam miriam',
  'olga olya',
  'irina ira iryna',
  'svetlana sveta',
  'anna anya ann anne annie hanna hannah ania',
  'pavel pasha pavlo paul pablo paolo pawel',
  'mikhail misha',
  'yuri yury yuriy iurii jurij jerzy george georg giorgio jorge georgy zhora',
  'joseph joe joey jose giuseppe pepe jozef josef osip',
  'francisco francis frank frankie paco pancho francesco franz francois',
  'jose pepe',
  'manuel manolo',
  'antonio toni tony anthony antoine anton',
  'enrique quique henry harry hank heinrich henri enrico',
  'edward ed eddie ted teddy eduardo eduard edoardo',
  'thomas tom tommy tomas tomasz tommaso',
  'christopher chris kit kristof krzysztof cristobal',
  'christina christine chris tina kristina cristina',
  'jennifer jen jenny',
  'patricia pat patty trish',
  'patrick pat paddy patricio',
  'susan sue susie suzanne susanne',
  'daniel dan danny dani daniele',
  'matthew matt mattie matthias mateusz matteo mateo',
  'benjamin ben benny benji',
  'samuel sam sammy',
  'jacob jake jakob jakub giacomo',
  'joshua josh',
  'nathaniel nathan nate',
  'stephen steven steve stefan stephan stefano esteban',
  'timothy tim timmy',
  'gregory greg grigory grisha',
  'charles charlie chuck carlos carl karl carlo',
  'frederick fred freddie friedrich fritz federico',
  'peter pete pedro pietro pierre piotr pyotr petya',
  'leonard leo leon leonardo',
  'victoria vicky viktoria',
  'rebecca becky becca',
  'jessica jess jessie',
  'deborah debbie deb',
  'abigail abby gail',
  'barbara barb babs basia',
  'dorothy dot dottie dorota',
  'theodore theo ted teddy fyodor fedor',
  'dolores lola',
  'mercedes merche',
  'guadalupe lupe',
  'ignacio nacho',
  'jesus chucho',
  'rosario charo',
  'concepcion concha conchita',
  'wolfgang wolf',
  'magdalena magda lena',
  'malgorzata gosia',
  'agnieszka aga',
  'wojciech wojtek',
  'aleksandra ola',
  'lyudmila ludmila luda mila',
  'valentina valya',
  'konstantin kostya constantine costas',
  'mohammed mohammad muhammad mohamed mehmet',
  'ahmed ahmad',
  'abdullah abdallah',
];

/** Folded given name → the set of names of every group it belongs to (itself included). */
const INDEX: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const index = new Map<string, Set<string>>();
  for (const line of GROUPS) {
    const names = line.split(' ');
    for (const name of names) {
      let set = index.get(name);
      if (set === undefined) index.set(name, (set = new Set([name])));
      for (const other of names) set.add(other);
    }
  }
  return index;
})();

/**
 * The given names one person may write for a folded given name: the name
 * itself, its spellings in other languages and its short forms.
 *
 * @example
 * nameVariants('bob').has('robert')      // true
 * nameVariants('sasha').has('aleksandr') // true
 * nameVariants('zyx').size              // 1
 */
export function nameVariants(folded: string): ReadonlySet<string> {
  return INDEX.get(folded) ?? new Set([folded]);
}

/** Number of groups in the table (for docs and tests). */
export const NICKNAME_GROUP_COUNT = GROUPS.length;
