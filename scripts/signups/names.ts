/**
 * Names of genuine sign-ups, and the fake names of abusive ones.
 *
 * Genuine names come from sources independent of the name check: the
 * @faker-js/faker locales (name lists compiled per language by faker's
 * contributors) and, where a country writes names in another script and its
 * people type a Latin form as often, hand-written pairs (native, Latin) of
 * each country's most common given and family names (sources next to each
 * table). The repository's own name data (data/name) is deliberately NOT
 * used: those are the lists the name check reads, and drawing genuine names
 * from them would measure the check against itself.
 */
import { allLocales } from '@faker-js/faker';
import type { Random } from './random.js';

export type Sex = 'male' | 'female';

/** A name as the person types it, with a Latin form for their e-mail address. */
export interface PersonName {
  readonly first: string;
  readonly last: string;
  /** ASCII forms the person would use in an e-mail local part. */
  readonly firstAscii: string;
  readonly lastAscii: string;
  readonly sex: Sex;
  /** The script the name was typed in. */
  readonly script: 'latin' | 'cyrillic' | 'greek' | 'han' | 'kana' | 'hangul' | 'arabic' | 'hebrew' | 'devanagari' | 'thai';
}

type Pair = readonly [native: string, latin: string];

/** A country's name source. `nativeShare`: share of sign-ups typing the native script (the rest type the Latin form). */
export type NameSource =
  | { readonly kind: 'faker'; readonly locales: readonly (readonly [string, number])[]; readonly translit?: 'cyrillic' | 'greek'; readonly nativeShare?: number }
  | {
      readonly kind: 'pairs';
      readonly script: PersonName['script'];
      readonly male: readonly Pair[];
      readonly female: readonly Pair[];
      readonly family: readonly Pair[];
      readonly nativeShare: number;
      /** Latin given names drawn from a faker locale instead of the pairs when typing Latin (India: en_IN). */
      readonly latinLocale?: string;
    };

interface PersonDefinitions {
  readonly first_name?: unknown;
  readonly last_name?: unknown;
}

/** faker's locale chain: en_GB falls back to en, de_AT to de. */
function definitions(locale: string): PersonDefinitions {
  const locales = allLocales as unknown as Record<string, { person?: PersonDefinitions } | undefined>;
  const own = locales[locale]?.person ?? {};
  const parent = locales[locale.split('_')[0]!]?.person ?? {};
  return { first_name: own.first_name ?? parent.first_name, last_name: own.last_name ?? parent.last_name };
}

/** The list for one sex from faker's `{ generic, male, female }` shape (or a plain list). */
function listFor(value: unknown, sex: Sex): readonly string[] {
  if (Array.isArray(value)) return value as string[];
  const v = (value ?? {}) as { generic?: string[]; male?: string[]; female?: string[] };
  const list = [...(v[sex] ?? []), ...(v.generic ?? [])];
  if (list.length === 0) throw new Error('faker locale without names');
  return list;
}

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e',
  ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', "'": '', '’': '',
};
const GREEK: Record<string, string> = {
  α: 'a', ά: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', έ: 'e', ζ: 'z', η: 'i', ή: 'i', θ: 'th', ι: 'i', ί: 'i', ϊ: 'i', ΐ: 'i', κ: 'k',
  λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', ό: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', ύ: 'y', ϋ: 'y', φ: 'f', χ: 'ch',
  ψ: 'ps', ω: 'o', ώ: 'o',
};

/** Cyrillic or Greek to Latin, as passports and most people write it (simplified ICAO / ELOT 743). */
export function transliterate(text: string, table: 'cyrillic' | 'greek'): string {
  const map = table === 'cyrillic' ? CYRILLIC : GREEK;
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const latin = map[lower];
    if (latin === undefined) out += ch;
    else out += ch !== lower && latin.length > 0 ? latin[0]!.toUpperCase() + latin.slice(1) : latin;
  }
  return out;
}

/** Lower-case ASCII letters for an e-mail local part: diacritics dropped, letters with no decomposition mapped. */
export function asciiFold(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .replace(/ø/gi, 'o')
    .replace(/æ/gi, 'ae')
    .replace(/œ/gi, 'oe')
    .replace(/ł/gi, 'l')
    .replace(/đ/gi, 'd')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function scriptOf(text: string): PersonName['script'] {
  if (/[\u0400-\u04ff]/.test(text)) return 'cyrillic';
  if (/[\u0370-\u03ff]/.test(text)) return 'greek';
  if (/[\u0590-\u05ff]/.test(text)) return 'hebrew';
  if (/[\u0600-\u06ff]/.test(text)) return 'arabic';
  return 'latin';
}

/** A genuine person's name from `source`. */
export function genuineName(random: Random, source: NameSource): PersonName {
  const sex: Sex = random.chance(0.5) ? 'male' : 'female';
  if (source.kind === 'pairs') {
    const given = random.pick(source[sex]);
    const family = random.pick(source.family);
    const native = random.chance(source.nativeShare);
    if (!native && source.latinLocale !== undefined) {
      const defs = definitions(source.latinLocale);
      const first = random.pick(listFor(defs.first_name, sex));
      const last = random.pick(listFor(defs.last_name, sex));
      return { first, last, firstAscii: asciiFold(first), lastAscii: asciiFold(last), sex, script: 'latin' };
    }
    return {
      first: native ? given[0] : given[1],
      last: native ? family[0] : family[1],
      firstAscii: asciiFold(given[1]),
      lastAscii: asciiFold(family[1]),
      sex,
      script: native ? source.script : 'latin',
    };
  }
  const defs = definitions(random.weighted(source.locales));
  const first = random.pick(listFor(defs.first_name, sex));
  const last = random.pick(listFor(defs.last_name, sex));
  if (source.translit !== undefined) {
    const latinFirst = transliterate(first, source.translit);
    const latinLast = transliterate(last, source.translit);
    const native = random.chance(source.nativeShare ?? 0.5);
    return {
      first: native ? first : latinFirst,
      last: native ? last : latinLast,
      firstAscii: asciiFold(latinFirst),
      lastAscii: asciiFold(latinLast),
      sex,
      script: native ? scriptOf(first) : 'latin',
    };
  }
  return { first, last, firstAscii: asciiFold(first), lastAscii: asciiFold(last), sex, script: scriptOf(first) };
}

// --- hand-written pairs ------------------------------------------------------
// Each table holds a country's most common names with the Latin form its
// people use (passport / Hepburn / Revised Romanisation / common English
// spelling). Sources: CN family names, the Ministry of Public Security's
// 2020 ranking (王 李 张 刘 陈 …); JP family names, the myoji-yurai ranking;
// KR family names, Statistics Korea's 2015 census; given names, the
// countries' published most-given-names lists of the last decades; Arabic,
// Hebrew, Thai and Hindi tables likewise from the countries' most common
// names. Order within a table does not matter: rows draw uniformly.

export const CHINESE: NameSource = {
  kind: 'pairs', script: 'han', nativeShare: 0.55,
  male: [['伟', 'Wei'], ['强', 'Qiang'], ['磊', 'Lei'], ['军', 'Jun'], ['洋', 'Yang'], ['勇', 'Yong'], ['杰', 'Jie'], ['涛', 'Tao'], ['明', 'Ming'], ['超', 'Chao'], ['浩然', 'Haoran'], ['宇轩', 'Yuxuan'], ['子豪', 'Zihao'], ['俊杰', 'Junjie'], ['建华', 'Jianhua'], ['志强', 'Zhiqiang']],
  female: [['芳', 'Fang'], ['娜', 'Na'], ['秀英', 'Xiuying'], ['敏', 'Min'], ['静', 'Jing'], ['丽', 'Li'], ['艳', 'Yan'], ['娟', 'Juan'], ['霞', 'Xia'], ['桂英', 'Guiying'], ['子涵', 'Zihan'], ['欣怡', 'Xinyi'], ['诗涵', 'Shihan'], ['一诺', 'Yinuo'], ['雨萱', 'Yuxuan'], ['婷婷', 'Tingting']],
  family: [['王', 'Wang'], ['李', 'Li'], ['张', 'Zhang'], ['刘', 'Liu'], ['陈', 'Chen'], ['杨', 'Yang'], ['黄', 'Huang'], ['赵', 'Zhao'], ['吴', 'Wu'], ['周', 'Zhou'], ['徐', 'Xu'], ['孙', 'Sun'], ['马', 'Ma'], ['朱', 'Zhu'], ['胡', 'Hu'], ['郭', 'Guo'], ['何', 'He'], ['高', 'Gao'], ['林', 'Lin'], ['罗', 'Luo']],
};

export const JAPANESE: NameSource = {
  kind: 'pairs', script: 'han', nativeShare: 0.5,
  male: [['翔太', 'Shota'], ['大輝', 'Daiki'], ['拓也', 'Takuya'], ['健太', 'Kenta'], ['蓮', 'Ren'], ['悠真', 'Yuma'], ['陽翔', 'Haruto'], ['大翔', 'Hiroto'], ['湊', 'Minato'], ['翼', 'Tsubasa'], ['誠', 'Makoto'], ['浩', 'Hiroshi'], ['健一', 'Kenichi'], ['直樹', 'Naoki']],
  female: [['陽菜', 'Hina'], ['結衣', 'Yui'], ['美咲', 'Misaki'], ['さくら', 'Sakura'], ['愛', 'Ai'], ['彩', 'Aya'], ['葵', 'Aoi'], ['凛', 'Rin'], ['真由美', 'Mayumi'], ['恵子', 'Keiko'], ['由美', 'Yumi'], ['裕子', 'Yuko'], ['明美', 'Akemi'], ['優子', 'Yuko']],
  family: [['佐藤', 'Sato'], ['鈴木', 'Suzuki'], ['高橋', 'Takahashi'], ['田中', 'Tanaka'], ['伊藤', 'Ito'], ['渡辺', 'Watanabe'], ['山本', 'Yamamoto'], ['中村', 'Nakamura'], ['小林', 'Kobayashi'], ['加藤', 'Kato'], ['吉田', 'Yoshida'], ['山田', 'Yamada'], ['佐々木', 'Sasaki'], ['山口', 'Yamaguchi'], ['松本', 'Matsumoto'], ['井上', 'Inoue'], ['木村', 'Kimura'], ['林', 'Hayashi'], ['斎藤', 'Saito'], ['清水', 'Shimizu']],
};

export const KOREAN: NameSource = {
  kind: 'pairs', script: 'hangul', nativeShare: 0.6,
  male: [['민준', 'Minjun'], ['서준', 'Seojun'], ['도윤', 'Doyun'], ['예준', 'Yejun'], ['시우', 'Siwoo'], ['하준', 'Hajun'], ['지호', 'Jiho'], ['지훈', 'Jihoon'], ['현우', 'Hyunwoo'], ['성민', 'Sungmin'], ['동현', 'Donghyun'], ['준호', 'Junho']],
  female: [['서연', 'Seoyeon'], ['서윤', 'Seoyun'], ['지우', 'Jiwoo'], ['하은', 'Haeun'], ['민서', 'Minseo'], ['지민', 'Jimin'], ['수빈', 'Subin'], ['지현', 'Jihyun'], ['은지', 'Eunji'], ['유진', 'Yujin'], ['혜진', 'Hyejin'], ['수연', 'Suyeon']],
  family: [['김', 'Kim'], ['이', 'Lee'], ['박', 'Park'], ['최', 'Choi'], ['정', 'Jung'], ['강', 'Kang'], ['조', 'Cho'], ['윤', 'Yoon'], ['장', 'Jang'], ['임', 'Lim'], ['한', 'Han'], ['오', 'Oh'], ['서', 'Seo'], ['신', 'Shin'], ['권', 'Kwon'], ['황', 'Hwang'], ['안', 'Ahn'], ['송', 'Song'], ['류', 'Ryu'], ['전', 'Jeon']],
};

export const THAI: NameSource = {
  kind: 'pairs', script: 'thai', nativeShare: 0.4,
  male: [['สมชาย', 'Somchai'], ['สมศักดิ์', 'Somsak'], ['ประเสริฐ', 'Prasert'], ['อนันต์', 'Anan'], ['วิชัย', 'Wichai'], ['ณัฐพล', 'Nattapon'], ['ธนพล', 'Thanapon'], ['กิตติ', 'Kitti'], ['สุรชัย', 'Surachai'], ['ชัยวัฒน์', 'Chaiwat']],
  female: [['สมหญิง', 'Somying'], ['มาลี', 'Malee'], ['สุดา', 'Suda'], ['นภา', 'Napa'], ['ปิยะนุช', 'Piyanuch'], ['ศิริพร', 'Siriporn'], ['กาญจนา', 'Kanchana'], ['อรุณี', 'Arunee'], ['วันเพ็ญ', 'Wanphen'], ['สุภาพร', 'Supaporn']],
  family: [['แซ่ตั้ง', 'Saetang'], ['ศรีสุข', 'Srisuk'], ['วงศ์สวัสดิ์', 'Wongsawat'], ['บุญมี', 'Boonmee'], ['แก้วคำ', 'Kaewkham'], ['พรหมมา', 'Phromma'], ['สุขประเสริฐ', 'Sukprasert'], ['ทองชัย', 'Thongchai'], ['รัตนากร', 'Rattanakorn'], ['สุวรรณรัตน์', 'Suwannarat'], ['จันทร์แก้ว', 'Chankaew'], ['มีสุข', 'Meesuk']],
};

const ARABIC_MALE: Pair[] = [['محمد', 'Mohammed'], ['أحمد', 'Ahmed'], ['عبدالله', 'Abdullah'], ['علي', 'Ali'], ['خالد', 'Khaled'], ['عمر', 'Omar'], ['يوسف', 'Youssef'], ['إبراهيم', 'Ibrahim'], ['حسن', 'Hassan'], ['سعد', 'Saad'], ['فهد', 'Fahad'], ['سلطان', 'Sultan'], ['محمود', 'Mahmoud'], ['مصطفى', 'Mostafa']];
const ARABIC_FEMALE: Pair[] = [['فاطمة', 'Fatima'], ['نورة', 'Noura'], ['مريم', 'Maryam'], ['سارة', 'Sara'], ['عائشة', 'Aisha'], ['هند', 'Hind'], ['ريم', 'Reem'], ['لينا', 'Lina'], ['منى', 'Mona'], ['خديجة', 'Khadija'], ['سلمى', 'Salma'], ['ياسمين', 'Yasmin']];

export const SAUDI: NameSource = {
  kind: 'pairs', script: 'arabic', nativeShare: 0.3, male: ARABIC_MALE, female: ARABIC_FEMALE,
  family: [['العتيبي', 'Alotaibi'], ['القحطاني', 'Alqahtani'], ['الشمري', 'Alshammari'], ['الحربي', 'Alharbi'], ['الغامدي', 'Alghamdi'], ['الزهراني', 'Alzahrani'], ['الدوسري', 'Aldosari'], ['المطيري', 'Almutairi'], ['العنزي', 'Alanazi'], ['السبيعي', 'Alsubaie']],
};
export const EMIRATI: NameSource = {
  kind: 'pairs', script: 'arabic', nativeShare: 0.2, male: ARABIC_MALE, female: ARABIC_FEMALE,
  family: [['المنصوري', 'Al Mansoori'], ['الكعبي', 'Al Kaabi'], ['الشامسي', 'Al Shamsi'], ['النعيمي', 'Al Nuaimi'], ['المزروعي', 'Al Mazrouei'], ['الظاهري', 'Al Dhaheri'], ['الهاشمي', 'Al Hashmi'], ['البلوشي', 'Al Balushi']],
};
export const EGYPTIAN: NameSource = {
  kind: 'pairs', script: 'arabic', nativeShare: 0.25, male: ARABIC_MALE, female: ARABIC_FEMALE,
  family: [['السيد', 'Elsayed'], ['عبد العزيز', 'Abdelaziz'], ['محمود', 'Mahmoud'], ['حسن', 'Hassan'], ['إبراهيم', 'Ibrahim'], ['مصطفى', 'Mostafa'], ['فتحي', 'Fathy'], ['صلاح', 'Salah'], ['جمال', 'Gamal'], ['ناصر', 'Nasser'], ['عبد الرحمن', 'Abdelrahman'], ['شحاتة', 'Shehata']],
};
export const MOROCCAN: NameSource = {
  kind: 'pairs', script: 'arabic', nativeShare: 0.15,
  male: [['محمد', 'Mohamed'], ['يوسف', 'Youssef'], ['أمين', 'Amine'], ['مهدي', 'Mehdi'], ['حمزة', 'Hamza'], ['عثمان', 'Othmane'], ['أيوب', 'Ayoub'], ['ياسين', 'Yassine']],
  female: [['فاطمة الزهراء', 'Fatima-Zahra'], ['خديجة', 'Khadija'], ['سلمى', 'Salma'], ['إيمان', 'Imane'], ['سارة', 'Sara'], ['هاجر', 'Hajar'], ['مريم', 'Meryem'], ['أسماء', 'Asmae']],
  family: [['العمراني', 'El Amrani'], ['بنعلي', 'Benali'], ['العلوي', 'Alaoui'], ['بناني', 'Bennani'], ['التازي', 'Tazi'], ['الإدريسي', 'El Idrissi'], ['برادة', 'Berrada'], ['الشرايبي', 'Chraibi'], ['الوزاني', 'Ouazzani'], ['الفاسي', 'El Fassi']],
};
export const ISRAELI: NameSource = {
  kind: 'pairs', script: 'hebrew', nativeShare: 0.4,
  male: [['דוד', 'David'], ['יוסף', 'Yosef'], ['משה', 'Moshe'], ['דניאל', 'Daniel'], ['אבי', 'Avi'], ['איתי', 'Itai'], ['עומר', 'Omer'], ['יונתן', 'Yonatan'], ['אריאל', 'Ariel'], ['נועם', 'Noam']],
  female: [['נועה', 'Noa'], ['תמר', 'Tamar'], ['יעל', 'Yael'], ['מאיה', 'Maya'], ['שירה', 'Shira'], ['מיכל', 'Michal'], ['רותם', 'Rotem'], ['הילה', 'Hila'], ['אורית', 'Orit'], ['שרה', 'Sarah']],
  family: [['כהן', 'Cohen'], ['לוי', 'Levi'], ['מזרחי', 'Mizrahi'], ['פרץ', 'Peretz'], ['ביטון', 'Biton'], ['דהן', 'Dahan'], ['אברהם', 'Avraham'], ['פרידמן', 'Friedman'], ['אזולאי', 'Azoulay'], ['כץ', 'Katz'], ['שפירא', 'Shapira'], ['גולן', 'Golan']],
};
export const INDIAN: NameSource = {
  kind: 'pairs', script: 'devanagari', nativeShare: 0.08, latinLocale: 'en_IN',
  male: [['राहुल', 'Rahul'], ['अमित', 'Amit'], ['सुनील', 'Sunil'], ['विजय', 'Vijay'], ['संजय', 'Sanjay'], ['अजय', 'Ajay'], ['रवि', 'Ravi'], ['दीपक', 'Deepak']],
  female: [['प्रिया', 'Priya'], ['पूजा', 'Pooja'], ['अंजलि', 'Anjali'], ['नेहा', 'Neha'], ['सुनीता', 'Sunita'], ['कविता', 'Kavita'], ['रीना', 'Reena'], ['स्वाति', 'Swati']],
  family: [['शर्मा', 'Sharma'], ['वर्मा', 'Verma'], ['सिंह', 'Singh'], ['गुप्ता', 'Gupta'], ['कुमार', 'Kumar'], ['यादव', 'Yadav'], ['पटेल', 'Patel'], ['जैन', 'Jain'], ['मिश्रा', 'Mishra'], ['चौहान', 'Chauhan']],
};
const latin = (names: readonly string[]): Pair[] => names.map((n) => [n, n] as const);
export const KENYAN: NameSource = {
  kind: 'pairs', script: 'latin', nativeShare: 0,
  male: latin(['Brian', 'Kevin', 'Dennis', 'John', 'Peter', 'Collins', 'Victor', 'Emmanuel', 'Samuel', 'Joseph', 'Daniel', 'Evans']),
  female: latin(['Faith', 'Mercy', 'Grace', 'Cynthia', 'Sharon', 'Joy', 'Esther', 'Mary', 'Lucy', 'Caroline', 'Purity', 'Winnie']),
  family: latin(['Otieno', 'Ochieng', 'Wanjiku', 'Kamau', 'Mwangi', 'Njoroge', 'Kiprono', 'Chebet', 'Omondi', 'Wambui', 'Kariuki', 'Mutua', 'Onyango', 'Achieng', 'Njeri', 'Kiptoo', 'Wafula', 'Barasa']),
};
export const FILIPINO: NameSource = {
  kind: 'pairs', script: 'latin', nativeShare: 0,
  male: latin(['Mark', 'John Paul', 'Jerome', 'Christian', 'Joshua', 'Carlo', 'Rommel', 'Jayson', 'Angelo', 'Paolo', 'Rey', 'Michael']),
  female: latin(['Angelica', 'Maria', 'Kristine', 'Jasmine', 'Princess', 'Mary Grace', 'Rowena', 'Jennifer', 'Camille', 'Rhea', 'Joy', 'Lovely']),
  family: latin(['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Aquino', 'Ramos', 'Villanueva', 'Castillo', 'Dela Cruz', 'De Leon', 'Manalo', 'Pascual', 'Soriano', 'Navarro']),
};

// --- fake names --------------------------------------------------------------
// Written for this corpus from common knowledge (not copied from any list):
// the names people type when they will not give theirs.

/** Each country's "John Doe": the stand-in name of its forms and textbooks (several are also real, common names). */
export const PLACEHOLDER_NAMES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  US: [['John', 'Doe'], ['Jane', 'Doe'], ['John', 'Q Public'], ['Joe', 'Schmoe']],
  CA: [['John', 'Doe'], ['Jane', 'Doe']],
  GB: [['Joe', 'Bloggs'], ['John', 'Smith'], ['Fred', 'Bloggs'], ['A N', 'Other']],
  AU: [['John', 'Citizen'], ['Jane', 'Citizen'], ['Joe', 'Bloggs']],
  NZ: [['John', 'Citizen'], ['Joe', 'Bloggs']],
  DE: [['Max', 'Mustermann'], ['Erika', 'Mustermann'], ['Otto', 'Normalverbraucher'], ['Hans', 'Meier']],
  FR: [['Jean', 'Dupont'], ['Marie', 'Dupont'], ['Jean', 'Dupond']],
  IT: [['Mario', 'Rossi'], ['Maria', 'Rossi']],
  ES: [['Juan', 'Pérez'], ['Fulano', 'de Tal'], ['Pepito', 'Pérez']],
  MX: [['Juan', 'Pérez'], ['Fulano', 'de Tal']],
  AR: [['Juan', 'Pérez'], ['Fulano', 'de Tal']],
  CO: [['Juan', 'Pérez'], ['Pepito', 'Pérez']],
  CL: [['Juan', 'Pérez']],
  BR: [['Fulano', 'de Tal'], ['João', 'da Silva'], ['Ciclano', 'de Tal']],
  PT: [['Fulano', 'de Tal'], ['João', 'Ninguém']],
  PL: [['Jan', 'Kowalski'], ['Anna', 'Nowak']],
  RU: [['Иван', 'Иванов'], ['Ivan', 'Ivanov'], ['Пётр', 'Петров'], ['Вася', 'Пупкин'], ['Vasya', 'Pupkin']],
  UA: [['Іван', 'Іванов'], ['Ivan', 'Petrenko']],
  NL: [['Jan', 'Jansen'], ['Piet', 'Puk'], ['Jan', 'Modaal']],
  CZ: [['Jan', 'Novák'], ['Josef', 'Novák']],
  RO: [['Ion', 'Popescu']],
  SE: [['Sven', 'Svensson'], ['Medel', 'Svensson']],
  TR: [['Ahmet', 'Yılmaz'], ['Ali', 'Veli']],
  GR: [['Γιάννης', 'Παπαδόπουλος']],
  JP: [['太郎', '山田'], ['Taro', 'Yamada'], ['花子', '山田']],
  KR: [['길동', '홍'], ['Gildong', 'Hong']],
  CN: [['三', '张'], ['四', '李'], ['San', 'Zhang']],
  IN: [['Ram', 'Kumar'], ['Test', 'Kumar']],
  SA: [['فلان', 'الفلاني'], ['Fulan', 'Alfulani']],
  EG: [['فلان', 'الفلاني'], ['Fulan', 'Elfulani']],
};
export const GENERIC_PLACEHOLDERS: readonly (readonly [string, string])[] = [
  ['Test', 'User'], ['Test', 'Test'], ['First', 'Last'], ['Firstname', 'Lastname'], ['Name', 'Surname'], ['Foo', 'Bar'], ['Asdf', 'Asdf'],
  ['John', 'Doe'], ['Jane', 'Doe'], ['User', 'Name'], ['No', 'Name'], ['Mr', 'Test'], ['Xxx', 'Xxx'], ['A', 'B'], ['Abc', 'Def'], ['Demo', 'Account'],
];
export const FICTIONAL: readonly (readonly [string, string])[] = [
  ['Bruce', 'Wayne'], ['Peter', 'Parker'], ['Tony', 'Stark'], ['Clark', 'Kent'], ['Harry', 'Potter'], ['Hermione', 'Granger'], ['Sherlock', 'Holmes'],
  ['James', 'Bond'], ['Homer', 'Simpson'], ['Bart', 'Simpson'], ['Luke', 'Skywalker'], ['Darth', 'Vader'], ['Frodo', 'Baggins'], ['Walter', 'White'],
  ['Jon', 'Snow'], ['Daenerys', 'Targaryen'], ['Lara', 'Croft'], ['Indiana', 'Jones'], ['Mickey', 'Mouse'], ['Donald', 'Duck'], ['Jack', 'Sparrow'],
  ['Rick', 'Sanchez'], ['Eric', 'Cartman'], ['Sheldon', 'Cooper'], ['Diana', 'Prince'], ['Natasha', 'Romanoff'], ['Steve', 'Rogers'], ['Ellen', 'Ripley'],
  ['Marty', 'McFly'], ['Tyler', 'Durden'], ['Vito', 'Corleone'], ['Forrest', 'Gump'], ['Naruto', 'Uzumaki'], ['Monkey D', 'Luffy'], ['Geralt', 'of Rivia'],
];
export const FAMOUS: readonly (readonly [string, string])[] = [
  ['Elon', 'Musk'], ['Donald', 'Trump'], ['Taylor', 'Swift'], ['Cristiano', 'Ronaldo'], ['Lionel', 'Messi'], ['Barack', 'Obama'], ['Vladimir', 'Putin'],
  ['Bill', 'Gates'], ['Mark', 'Zuckerberg'], ['Jeff', 'Bezos'], ['Kim', 'Kardashian'], ['Michael', 'Jackson'], ['Albert', 'Einstein'], ['Angela', 'Merkel'],
  ['Emmanuel', 'Macron'], ['Narendra', 'Modi'], ['Keanu', 'Reeves'], ['Brad', 'Pitt'], ['Dwayne', 'Johnson'], ['Kylie', 'Jenner'], ['Shah Rukh', 'Khan'],
  ['Jackie', 'Chan'], ['Kanye', 'West'], ['Justin', 'Bieber'], ['Joe', 'Biden'], ['Xi', 'Jinping'], ['Steve', 'Jobs'], ['Oprah', 'Winfrey'], ['Bob', 'Marley'],
  ['Neymar', 'Jr'], ['Kylian', 'Mbappé'], ['Volodymyr', 'Zelensky'], ['Satoshi', 'Nakamoto'], ['Leonardo', 'DiCaprio'], ['Tom', 'Cruise'],
];
export const JOKE: readonly (readonly [string, string])[] = [
  ['Mike', 'Hunt'], ['Hugh', 'Jass'], ['Ben', 'Dover'], ['Amanda', 'Hugginkiss'], ['Seymour', 'Butz'], ['Phil', 'McCracken'], ['Anita', 'Bath'],
  ['Harry', 'Balls'], ['Al', 'Coholic'], ['Ivana', 'Tinkle'], ['Oliver', 'Klozoff'], ['Jack', 'Mehoff'], ['Justin', 'Case'], ['Sal', 'Monella'],
  ['Hugh', 'Mungus'], ['Joe', 'Mama'], ['Chris P', 'Bacon'], ['Barry', 'McKockiner'], ['Ima', 'Fake'], ['Not', 'Telling'], ['None', 'Ofyourbusiness'],
];

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'azertyuiop', 'qsdfghjklm', 'wxcvbn', 'qwertzuiop', 'yxcvbnm'];

/** Random typing: a run along a keyboard row, letters mashed, or one letter repeated. */
export function randomTyping(random: Random): [string, string] {
  const word = (): string => {
    const style = random.weighted<string>([
      ['row', 0.5],
      ['mash', 0.35],
      ['repeat', 0.15],
    ]);
    let w: string;
    if (style === 'row') {
      const row = random.pick(ROWS);
      const start = random.int(0, row.length - 3);
      w = row.slice(start, start + random.int(3, 6));
      if (random.chance(0.3)) w = w.split('').reverse().join('');
    } else if (style === 'mash') w = random.string('sdfghjklkjhgfdsxcvbnmqwerty', random.int(4, 8));
    else w = random.string('asdfjklxz', 1).repeat(random.int(2, 5));
    return random.chance(0.6) ? w[0]!.toUpperCase() + w.slice(1) : w;
  };
  return [word(), word()];
}
