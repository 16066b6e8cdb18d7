/**
 * The 40 countries of the corpus and what a genuine sign-up from each looks
 * like: where names come from, which mail providers people use, which
 * networks their home and mobile IPs belong to, how many sign up on a
 * phone and how many of those phones are iPhones.
 *
 * Figures and their basis:
 * - `providers`: each country's webmail providers in their usual order of
 *   use. Gmail leads almost everywhere; the national providers that hold a
 *   large share are listed where they do (GMX/WEB.DE/T-Online in Germany,
 *   Mail.ru/Yandex in Russia, QQ/163 in China, Naver in Korea, Seznam in
 *   Czechia, WP/Onet/Interia in Poland, ukr.net in Ukraine). The weights are
 *   rounded guesses from those market orders, not measurements: a corpus
 *   needs the mix, not the decimals.
 * - `isp` / `mobile`: autonomous systems of each country's largest fixed
 *   broadband and mobile operators. Each AS number is checked at build time
 *   against the organisation name in @ip-location-db/asn (`org` below), so a
 *   wrong number fails the build instead of drawing someone else's network.
 * - `mobileShare` (sign-ups from a phone) and `iosShare` (iPhones among those
 *   phones): rounded from StatCounter's 2025 platform shares by country
 *   (mobile vs desktop; iOS vs Android).
 * - `offset`: the UTC offset where most of the population lives, for the
 *   time of day people sign up.
 */
import {
  CHINESE, EGYPTIAN, EMIRATI, FILIPINO, INDIAN, ISRAELI, JAPANESE, KENYAN, KOREAN, MOROCCAN, SAUDI, THAI,
} from './names.js';
import type { NameSource } from './names.js';

export interface Network {
  readonly asn: number;
  /** A substring of the AS organisation in @ip-location-db/asn, checked at build time. */
  readonly org: string;
}

export interface Country {
  readonly code: string;
  readonly continent: 'Africa' | 'Americas' | 'Asia' | 'Europe' | 'Oceania';
  readonly offset: number;
  readonly names: NameSource;
  readonly providers: readonly (readonly [string, number])[];
  readonly isp: readonly Network[];
  readonly mobile: readonly Network[];
  readonly mobileShare: number;
  readonly iosShare: number;
  /** A university's mail domain (students and staff sign up with it). */
  readonly university: string;
  /** The country-code TLD company domains use. */
  readonly tld: string;
}

const n = (asn: number, org: string): Network => ({ asn, org });
const faker = (...locales: (readonly [string, number])[]): NameSource => ({ kind: 'faker', locales });

export const COUNTRIES: readonly Country[] = [
  // --- Americas
  {
    code: 'US', continent: 'Americas', offset: -5, names: faker(['en_US', 1]), mobileShare: 0.55, iosShare: 0.57, university: 'umich.edu', tld: 'com',
    providers: [['gmail.com', 55], ['yahoo.com', 12], ['hotmail.com', 7], ['outlook.com', 6], ['icloud.com', 10], ['aol.com', 4], ['comcast.net', 3], ['att.net', 2], ['me.com', 1]],
    isp: [n(7922, 'Comcast'), n(20115, 'Charter'), n(7018, 'AT&T'), n(701, 'Verizon'), n(22773, 'Cox'), n(209, 'CenturyLink'), n(5650, 'Frontier'), n(11427, 'Charter')],
    mobile: [n(21928, 'T-Mobile'), n(22394, 'Verizon'), n(6167, 'Verizon'), n(20057, 'AT&T')],
  },
  {
    code: 'CA', continent: 'Americas', offset: -5, names: faker(['en_CA', 0.8], ['fr_CA', 0.2]), mobileShare: 0.5, iosShare: 0.58, university: 'utoronto.ca', tld: 'ca',
    providers: [['gmail.com', 55], ['hotmail.com', 12], ['outlook.com', 8], ['yahoo.ca', 6], ['yahoo.com', 4], ['icloud.com', 8], ['shaw.ca', 2], ['rogers.com', 2], ['videotron.ca', 1], ['sympatico.ca', 1]],
    isp: [n(812, 'Rogers'), n(577, 'Bell'), n(852, 'TELUS'), n(5769, 'Videotron'), n(6327, 'Shaw')],
    mobile: [n(812, 'Rogers'), n(577, 'Bell'), n(852, 'TELUS')],
  },
  {
    code: 'MX', continent: 'Americas', offset: -6, names: faker(['es_MX', 1]), mobileShare: 0.65, iosShare: 0.25, university: 'unam.mx', tld: 'com.mx',
    providers: [['gmail.com', 50], ['hotmail.com', 25], ['outlook.com', 10], ['yahoo.com.mx', 8], ['icloud.com', 5], ['live.com.mx', 2]],
    isp: [n(8151, 'Uninet'), n(13999, 'Mega Cable')],
    mobile: [n(28403, 'RadioMovil Dipsa'), n(8151, 'Uninet')],
  },
  {
    code: 'BR', continent: 'Americas', offset: -3, names: faker(['pt_BR', 1]), mobileShare: 0.65, iosShare: 0.17, university: 'usp.br', tld: 'com.br',
    providers: [['gmail.com', 60], ['hotmail.com', 15], ['outlook.com', 8], ['yahoo.com.br', 7], ['uol.com.br', 5], ['bol.com.br', 3], ['icloud.com', 4]],
    isp: [n(28573, 'Claro'), n(18881, 'TELEFONICA BRASIL'), n(26615, 'TIM'), n(7738, 'V tal'), n(8167, 'V tal')],
    mobile: [n(26615, 'TIM'), n(18881, 'TELEFONICA BRASIL'), n(28573, 'Claro')],
  },
  {
    code: 'AR', continent: 'Americas', offset: -3, names: faker(['es', 1]), mobileShare: 0.6, iosShare: 0.15, university: 'uba.ar', tld: 'com.ar',
    providers: [['gmail.com', 55], ['hotmail.com', 25], ['yahoo.com.ar', 10], ['outlook.com', 5], ['live.com.ar', 3], ['icloud.com', 2]],
    isp: [n(7303, 'Telecom Argentina'), n(22927, 'Telefonica de Argentina')],
    mobile: [n(7303, 'Telecom Argentina'), n(22927, 'Telefonica de Argentina')],
  },
  {
    code: 'CO', continent: 'Americas', offset: -5, names: faker(['es', 1]), mobileShare: 0.65, iosShare: 0.15, university: 'unal.edu.co', tld: 'com.co',
    providers: [['gmail.com', 60], ['hotmail.com', 25], ['outlook.com', 8], ['yahoo.es', 5], ['icloud.com', 2]],
    isp: [n(10620, 'Telmex Colombia'), n(13489, 'EPM'), n(3816, 'COLOMBIA TELECOMUNICACIONES')],
    mobile: [n(10620, 'Telmex Colombia'), n(3816, 'COLOMBIA TELECOMUNICACIONES')],
  },
  {
    code: 'CL', continent: 'Americas', offset: -3, names: faker(['es', 1]), mobileShare: 0.6, iosShare: 0.25, university: 'uchile.cl', tld: 'cl',
    providers: [['gmail.com', 60], ['hotmail.com', 20], ['outlook.com', 8], ['yahoo.com', 5], ['live.cl', 4], ['icloud.com', 3]],
    isp: [n(22047, 'VTR'), n(7418, 'TELEFONICA CHILE'), n(27651, 'ENTEL')],
    mobile: [n(27651, 'ENTEL'), n(7418, 'TELEFONICA CHILE')],
  },
  // --- Europe
  {
    code: 'GB', continent: 'Europe', offset: 0, names: faker(['en_GB', 1]), mobileShare: 0.5, iosShare: 0.5, university: 'manchester.ac.uk', tld: 'co.uk',
    providers: [['gmail.com', 45], ['hotmail.co.uk', 10], ['hotmail.com', 4], ['outlook.com', 8], ['yahoo.co.uk', 7], ['icloud.com', 10], ['btinternet.com', 5], ['sky.com', 3], ['live.co.uk', 3], ['aol.com', 2]],
    isp: [n(2856, 'British Telecommunications'), n(5607, 'Sky UK'), n(5089, 'Virgin Media'), n(13285, 'TalkTalk')],
    mobile: [n(206067, 'Hutchison 3G'), n(2856, 'British Telecommunications'), n(25135, 'Vodafone')],
  },
  {
    code: 'DE', continent: 'Europe', offset: 1, names: faker(['de', 1]), mobileShare: 0.42, iosShare: 0.35, university: 'tum.de', tld: 'de',
    providers: [['gmail.com', 30], ['gmx.de', 20], ['web.de', 20], ['t-online.de', 10], ['outlook.de', 3], ['hotmail.de', 2], ['yahoo.de', 5], ['icloud.com', 5], ['gmx.net', 5]],
    isp: [n(3320, 'Deutsche Telekom'), n(3209, 'Vodafone GmbH'), n(6805, 'Telefonica Germany'), n(8881, 'Versatel')],
    mobile: [n(3320, 'Deutsche Telekom'), n(3209, 'Vodafone GmbH'), n(6805, 'Telefonica Germany')],
  },
  {
    code: 'FR', continent: 'Europe', offset: 1, names: faker(['fr', 1]), mobileShare: 0.45, iosShare: 0.33, university: 'univ-lyon1.fr', tld: 'fr',
    providers: [['gmail.com', 45], ['orange.fr', 10], ['hotmail.fr', 10], ['outlook.fr', 5], ['free.fr', 8], ['sfr.fr', 5], ['yahoo.fr', 7], ['laposte.net', 5], ['wanadoo.fr', 3], ['icloud.com', 4]],
    isp: [n(3215, 'Orange'), n(12322, 'Free SAS'), n(15557, 'SFR'), n(5410, 'Bouygues')],
    mobile: [n(3215, 'Orange'), n(15557, 'SFR'), n(5410, 'Bouygues'), n(51207, 'Free Mobile')],
  },
  {
    code: 'IT', continent: 'Europe', offset: 1, names: faker(['it', 1]), mobileShare: 0.5, iosShare: 0.3, university: 'unimi.it', tld: 'it',
    providers: [['gmail.com', 50], ['libero.it', 12], ['hotmail.it', 10], ['yahoo.it', 8], ['outlook.it', 5], ['virgilio.it', 5], ['alice.it', 3], ['tiscali.it', 2], ['icloud.com', 5]],
    isp: [n(3269, 'Telecom Italia'), n(12874, 'Fastweb'), n(30722, 'Vodafone Italia'), n(1267, 'WIND TRE')],
    mobile: [n(3269, 'Telecom Italia'), n(30722, 'Vodafone Italia'), n(1267, 'WIND TRE')],
  },
  {
    code: 'ES', continent: 'Europe', offset: 1, names: faker(['es', 1]), mobileShare: 0.5, iosShare: 0.3, university: 'ucm.es', tld: 'es',
    providers: [['gmail.com', 60], ['hotmail.com', 10], ['hotmail.es', 5], ['yahoo.es', 8], ['outlook.es', 7], ['icloud.com', 5], ['telefonica.net', 3]],
    isp: [n(3352, 'TELEFONICA DE ESPANA'), n(12479, 'Orange Espagne'), n(12430, 'VODAFONE ESPANA')],
    mobile: [n(3352, 'TELEFONICA DE ESPANA'), n(12479, 'Orange Espagne'), n(12430, 'VODAFONE ESPANA')],
  },
  {
    code: 'PT', continent: 'Europe', offset: 0, names: faker(['pt_PT', 1]), mobileShare: 0.5, iosShare: 0.3, university: 'ulisboa.pt', tld: 'pt',
    providers: [['gmail.com', 60], ['hotmail.com', 15], ['sapo.pt', 10], ['outlook.pt', 5], ['icloud.com', 4], ['iol.pt', 3]],
    isp: [n(3243, 'MEO'), n(2860, 'NOS')],
    mobile: [n(3243, 'MEO'), n(2860, 'NOS')],
  },
  {
    code: 'NL', continent: 'Europe', offset: 1, names: faker(['nl', 1]), mobileShare: 0.45, iosShare: 0.45, university: 'uva.nl', tld: 'nl',
    providers: [['gmail.com', 50], ['hotmail.com', 12], ['outlook.com', 10], ['live.nl', 6], ['ziggo.nl', 6], ['kpnmail.nl', 5], ['icloud.com', 6]],
    isp: [n(1136, 'KPN'), n(33915, 'Vodafone Libertel'), n(50266, 'Odido')],
    mobile: [n(1136, 'KPN'), n(33915, 'Vodafone Libertel'), n(50266, 'Odido')],
  },
  {
    code: 'PL', continent: 'Europe', offset: 1, names: faker(['pl', 1]), mobileShare: 0.5, iosShare: 0.2, university: 'uw.edu.pl', tld: 'pl',
    providers: [['gmail.com', 45], ['wp.pl', 15], ['o2.pl', 12], ['onet.pl', 12], ['interia.pl', 10], ['op.pl', 3], ['yahoo.com', 2]],
    isp: [n(5617, 'Orange Polska'), n(12741, 'Netia'), n(12912, 'T-Mobile Polska')],
    mobile: [n(12912, 'T-Mobile Polska'), n(8374, 'Polkomtel'), n(39603, 'P4'), n(5617, 'Orange Polska')],
  },
  {
    code: 'RU', continent: 'Europe', offset: 3, names: { kind: 'faker', locales: [['ru', 1]], translit: 'cyrillic', nativeShare: 0.6 }, mobileShare: 0.55, iosShare: 0.28, university: 'msu.ru', tld: 'ru',
    providers: [['mail.ru', 30], ['yandex.ru', 30], ['gmail.com', 25], ['bk.ru', 4], ['list.ru', 3], ['inbox.ru', 3], ['rambler.ru', 3], ['ya.ru', 2]],
    isp: [n(12389, 'Rostelecom'), n(8359, 'MTS'), n(51604, 'ER-Telecom'), n(3216, 'Vimpelcom')],
    mobile: [n(8359, 'MTS'), n(31133, 'MegaFon'), n(3216, 'Vimpelcom'), n(15378, 'T2 Mobile')],
  },
  {
    code: 'UA', continent: 'Europe', offset: 2, names: { kind: 'faker', locales: [['uk', 1]], translit: 'cyrillic', nativeShare: 0.5 }, mobileShare: 0.55, iosShare: 0.25, university: 'knu.ua', tld: 'com.ua',
    providers: [['gmail.com', 55], ['ukr.net', 25], ['i.ua', 5], ['meta.ua', 3], ['outlook.com', 3], ['yahoo.com', 2]],
    isp: [n(6849, 'Ukrtelecom'), n(15895, 'Kyivstar')],
    mobile: [n(15895, 'Kyivstar'), n(34058, 'lifecell'), n(21497, 'VF UKRAINE')],
  },
  {
    code: 'TR', continent: 'Europe', offset: 3, names: faker(['tr', 1]), mobileShare: 0.6, iosShare: 0.2, university: 'itu.edu.tr', tld: 'com.tr',
    providers: [['gmail.com', 60], ['hotmail.com', 20], ['outlook.com', 8], ['yahoo.com', 5], ['yandex.com.tr', 3], ['icloud.com', 4]],
    isp: [n(9121, 'Turk Telekom'), n(34984, 'Superonline'), n(15897, 'Vodafone Telekomunikasyon')],
    mobile: [n(16135, 'TURKCELL'), n(15897, 'Vodafone Telekomunikasyon'), n(9121, 'Turk Telekom')],
  },
  {
    code: 'SE', continent: 'Europe', offset: 1, names: faker(['sv', 1]), mobileShare: 0.45, iosShare: 0.5, university: 'kth.se', tld: 'se',
    providers: [['gmail.com', 50], ['hotmail.com', 10], ['hotmail.se', 5], ['outlook.com', 10], ['telia.com', 5], ['live.se', 5], ['icloud.com', 8], ['yahoo.se', 3]],
    isp: [n(3301, 'Telia'), n(1257, 'Tele2'), n(8473, 'Bahnhof')],
    mobile: [n(3301, 'Telia'), n(1257, 'Tele2')],
  },
  {
    code: 'RO', continent: 'Europe', offset: 2, names: faker(['ro', 1]), mobileShare: 0.55, iosShare: 0.2, university: 'unibuc.ro', tld: 'ro',
    providers: [['gmail.com', 60], ['yahoo.com', 20], ['hotmail.com', 8], ['outlook.com', 5], ['icloud.com', 3]],
    isp: [n(8708, 'DIGI ROMANIA'), n(9050, 'Orange Romania')],
    mobile: [n(8708, 'DIGI ROMANIA'), n(9050, 'Orange Romania'), n(12302, 'Vodafone Romania')],
  },
  {
    code: 'GR', continent: 'Europe', offset: 2, names: { kind: 'faker', locales: [['el', 1]], translit: 'greek', nativeShare: 0.5 }, mobileShare: 0.5, iosShare: 0.25, university: 'uoa.gr', tld: 'gr',
    providers: [['gmail.com', 60], ['yahoo.gr', 10], ['hotmail.com', 10], ['outlook.com', 5], ['otenet.gr', 5], ['icloud.com', 4]],
    isp: [n(6799, 'Ote SA'), n(3329, 'VODAFONE-PANAFON'), n(1241, 'Nova')],
    mobile: [n(6799, 'Ote SA'), n(3329, 'VODAFONE-PANAFON')],
  },
  {
    code: 'CZ', continent: 'Europe', offset: 1, names: faker(['cs_CZ', 1]), mobileShare: 0.45, iosShare: 0.3, university: 'cuni.cz', tld: 'cz',
    providers: [['seznam.cz', 40], ['gmail.com', 35], ['email.cz', 10], ['centrum.cz', 8], ['post.cz', 3], ['outlook.com', 4]],
    isp: [n(5610, 'O2 Czech'), n(16019, 'Vodafone Czech'), n(13036, 'T-Mobile Czech')],
    mobile: [n(5610, 'O2 Czech'), n(16019, 'Vodafone Czech'), n(13036, 'T-Mobile Czech')],
  },
  // --- Asia
  {
    code: 'IN', continent: 'Asia', offset: 5.5, names: INDIAN, mobileShare: 0.8, iosShare: 0.05, university: 'iitb.ac.in', tld: 'in',
    providers: [['gmail.com', 80], ['yahoo.co.in', 6], ['yahoo.com', 4], ['rediffmail.com', 4], ['outlook.com', 4], ['hotmail.com', 2]],
    isp: [n(9829, 'Bharat Sanchar'), n(24560, 'Bharti Airtel'), n(55836, 'Reliance Jio')],
    mobile: [n(55836, 'Reliance Jio'), n(45609, 'Bharti Airtel'), n(38266, 'Vodafone Idea'), n(55410, 'Vodafone Idea')],
  },
  {
    code: 'CN', continent: 'Asia', offset: 8, names: CHINESE, mobileShare: 0.65, iosShare: 0.25, university: 'pku.edu.cn', tld: 'com.cn',
    providers: [['qq.com', 45], ['163.com', 25], ['126.com', 10], ['sina.com', 5], ['gmail.com', 5], ['foxmail.com', 5], ['outlook.com', 3], ['yeah.net', 2]],
    isp: [n(4134, 'Chinanet'), n(4837, 'CHINA UNICOM'), n(4808, 'China Unicom')],
    mobile: [n(9808, 'China Mobile'), n(56040, 'China Mobile'), n(24445, 'China Mobile')],
  },
  {
    code: 'JP', continent: 'Asia', offset: 9, names: JAPANESE, mobileShare: 0.6, iosShare: 0.65, university: 'u-tokyo.ac.jp', tld: 'co.jp',
    providers: [['gmail.com', 45], ['yahoo.co.jp', 20], ['icloud.com', 12], ['docomo.ne.jp', 6], ['ezweb.ne.jp', 5], ['softbank.ne.jp', 4], ['outlook.jp', 4], ['hotmail.co.jp', 4]],
    isp: [n(4713, 'NTT Communications'), n(2516, 'KDDI'), n(17676, 'SoftBank'), n(2527, 'Sony Network')],
    mobile: [n(9605, 'DOCOMO'), n(2516, 'KDDI'), n(17676, 'SoftBank')],
  },
  {
    code: 'KR', continent: 'Asia', offset: 9, names: KOREAN, mobileShare: 0.6, iosShare: 0.3, university: 'snu.ac.kr', tld: 'co.kr',
    providers: [['naver.com', 55], ['gmail.com', 25], ['daum.net', 10], ['hanmail.net', 7], ['kakao.com', 3]],
    isp: [n(4766, 'Korea Telecom'), n(9318, 'SK Broadband'), n(17858, 'LG POWERCOMM'), n(3786, 'LG DACOM')],
    mobile: [n(4766, 'Korea Telecom'), n(9318, 'SK Broadband'), n(17858, 'LG POWERCOMM')],
  },
  {
    code: 'ID', continent: 'Asia', offset: 7, names: faker(['id_ID', 1]), mobileShare: 0.75, iosShare: 0.1, university: 'ui.ac.id', tld: 'co.id',
    providers: [['gmail.com', 80], ['yahoo.com', 10], ['yahoo.co.id', 5], ['outlook.com', 3], ['ymail.com', 2]],
    isp: [n(7713, 'Telekomunikasi Indonesia'), n(4761, 'INDOSAT')],
    mobile: [n(23693, 'Telekomunikasi Selular'), n(4761, 'INDOSAT'), n(24203, 'XL Axiata')],
  },
  {
    code: 'PH', continent: 'Asia', offset: 8, names: FILIPINO, mobileShare: 0.7, iosShare: 0.2, university: 'up.edu.ph', tld: 'com.ph',
    providers: [['gmail.com', 75], ['yahoo.com', 15], ['outlook.com', 5], ['icloud.com', 3], ['ymail.com', 2]],
    isp: [n(9299, 'Philippine Long Distance'), n(132199, 'Globe')],
    mobile: [n(4775, 'Globe'), n(10139, 'Smart'), n(132199, 'Globe')],
  },
  {
    code: 'VN', continent: 'Asia', offset: 7, names: faker(['vi', 1]), mobileShare: 0.7, iosShare: 0.3, university: 'hust.edu.vn', tld: 'vn',
    providers: [['gmail.com', 80], ['yahoo.com', 10], ['outlook.com', 5], ['icloud.com', 5]],
    isp: [n(45899, 'VNPT'), n(18403, 'FPT'), n(7552, 'Viettel')],
    mobile: [n(7552, 'Viettel'), n(45899, 'VNPT')],
  },
  {
    code: 'TH', continent: 'Asia', offset: 7, names: THAI, mobileShare: 0.7, iosShare: 0.3, university: 'chula.ac.th', tld: 'co.th',
    providers: [['gmail.com', 70], ['hotmail.com', 20], ['outlook.com', 5], ['icloud.com', 5]],
    isp: [n(7470, 'TRUE INTERNET'), n(45758, 'Triple T'), n(131090, 'National Telecom')],
    mobile: [n(131445, 'ADVANCED WIRELESS'), n(7470, 'TRUE INTERNET')],
  },
  {
    code: 'SA', continent: 'Asia', offset: 3, names: SAUDI, mobileShare: 0.7, iosShare: 0.45, university: 'ksu.edu.sa', tld: 'com.sa',
    providers: [['gmail.com', 60], ['hotmail.com', 20], ['outlook.com', 10], ['icloud.com', 8], ['yahoo.com', 2]],
    isp: [n(25019, 'Saudi Telecom'), n(35819, 'Etihad Etisalat')],
    mobile: [n(25019, 'Saudi Telecom'), n(35819, 'Etihad Etisalat'), n(43766, 'Mobile Telecommunication Company Saudi')],
  },
  {
    code: 'AE', continent: 'Asia', offset: 4, names: EMIRATI, mobileShare: 0.6, iosShare: 0.55, university: 'uaeu.ac.ae', tld: 'ae',
    providers: [['gmail.com', 55], ['hotmail.com', 15], ['outlook.com', 10], ['icloud.com', 12], ['yahoo.com', 5], ['emirates.net.ae', 3]],
    isp: [n(5384, 'EMIRATES TELECOMMUNICATIONS'), n(15802, 'Emirates Integrated')],
    mobile: [n(5384, 'EMIRATES TELECOMMUNICATIONS'), n(15802, 'Emirates Integrated')],
  },
  {
    code: 'IL', continent: 'Asia', offset: 2, names: ISRAELI, mobileShare: 0.55, iosShare: 0.35, university: 'tau.ac.il', tld: 'co.il',
    providers: [['gmail.com', 70], ['walla.co.il', 10], ['hotmail.com', 8], ['outlook.com', 5], ['yahoo.com', 3], ['icloud.com', 4]],
    isp: [n(8551, 'Bezeq'), n(12849, 'Hot-Net'), n(1680, 'Cellcom')],
    mobile: [n(12400, 'Partner'), n(1680, 'Cellcom')],
  },
  // --- Africa
  {
    code: 'NG', continent: 'Africa', offset: 1, names: faker(['en_NG', 0.6], ['yo_NG', 0.4]), mobileShare: 0.85, iosShare: 0.1, university: 'unilag.edu.ng', tld: 'com.ng',
    providers: [['gmail.com', 80], ['yahoo.com', 15], ['outlook.com', 3], ['icloud.com', 2]],
    isp: [n(29465, 'MTN NIGERIA'), n(36873, 'Airtel')],
    mobile: [n(29465, 'MTN NIGERIA'), n(36873, 'Airtel'), n(37148, 'Globacom')],
  },
  {
    code: 'ZA', continent: 'Africa', offset: 2, names: faker(['en_ZA', 0.5], ['af_ZA', 0.25], ['zu_ZA', 0.25]), mobileShare: 0.7, iosShare: 0.2, university: 'uct.ac.za', tld: 'co.za',
    providers: [['gmail.com', 60], ['outlook.com', 8], ['hotmail.com', 8], ['yahoo.com', 6], ['icloud.com', 6], ['webmail.co.za', 4], ['mweb.co.za', 4], ['telkomsa.net', 4]],
    isp: [n(37457, 'Telkom SA'), n(29975, 'Vodacom')],
    mobile: [n(29975, 'Vodacom'), n(16637, 'MTN SA')],
  },
  {
    code: 'EG', continent: 'Africa', offset: 2, names: EGYPTIAN, mobileShare: 0.7, iosShare: 0.1, university: 'cu.edu.eg', tld: 'com.eg',
    providers: [['gmail.com', 70], ['yahoo.com', 15], ['hotmail.com', 10], ['outlook.com', 5]],
    isp: [n(8452, 'TE-AS')],
    mobile: [n(36935, 'Vodafone Data'), n(24835, 'Vodafone Data'), n(8452, 'TE-AS')],
  },
  {
    code: 'KE', continent: 'Africa', offset: 3, names: KENYAN, mobileShare: 0.8, iosShare: 0.08, university: 'uonbi.ac.ke', tld: 'co.ke',
    providers: [['gmail.com', 85], ['yahoo.com', 10], ['outlook.com', 5]],
    isp: [n(33771, 'Safaricom')],
    mobile: [n(33771, 'Safaricom'), n(36926, 'Airtel Networks Kenya')],
  },
  {
    code: 'MA', continent: 'Africa', offset: 1, names: MOROCCAN, mobileShare: 0.7, iosShare: 0.15, university: 'um5.ac.ma', tld: 'ma',
    providers: [['gmail.com', 70], ['hotmail.fr', 10], ['hotmail.com', 8], ['outlook.fr', 5], ['yahoo.fr', 5], ['menara.ma', 2]],
    isp: [n(6713, 'Itissalat Al-MAGHRIB')],
    mobile: [n(6713, 'Itissalat Al-MAGHRIB'), n(36925, 'MEDITELECOM'), n(36884, 'Wana')],
  },
  // --- Oceania
  {
    code: 'AU', continent: 'Oceania', offset: 10, names: faker(['en_AU', 1]), mobileShare: 0.5, iosShare: 0.55, university: 'unimelb.edu.au', tld: 'com.au',
    providers: [['gmail.com', 45], ['hotmail.com', 10], ['outlook.com', 8], ['icloud.com', 12], ['yahoo.com.au', 8], ['bigpond.com', 10], ['optusnet.com.au', 4]],
    isp: [n(1221, 'Telstra'), n(4804, 'Optus'), n(7545, 'TPG'), n(4739, 'iiNet')],
    mobile: [n(1221, 'Telstra'), n(4804, 'Optus')],
  },
  {
    code: 'NZ', continent: 'Oceania', offset: 13, names: faker(['en_AU', 1]), mobileShare: 0.5, iosShare: 0.5, university: 'auckland.ac.nz', tld: 'co.nz',
    providers: [['gmail.com', 50], ['xtra.co.nz', 15], ['hotmail.com', 10], ['outlook.com', 8], ['icloud.com', 10], ['yahoo.com', 4]],
    isp: [n(4771, 'Spark'), n(9500, 'One New Zealand')],
    mobile: [n(4771, 'Spark'), n(9500, 'One New Zealand')],
  },
];

export const COUNTRY: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((c) => [c.code, c]));

/**
 * How often each country appears: a sign-up service's traffic follows its
 * online population, flattened so that every country has rows in both
 * halves (the largest get 3–4 times the smallest, not 60 times).
 */
export const COUNTRY_WEIGHT: Readonly<Record<string, number>> = {
  US: 4, GB: 3, DE: 3, FR: 2.5, IN: 3.5, BR: 3, RU: 2.5, CN: 2, JP: 2, CA: 1.5, MX: 2, IT: 2, ES: 2, KR: 1.5, ID: 2, TR: 1.5,
  PL: 1.5, NL: 1.2, UA: 1.2, PH: 1.5, VN: 1.2, TH: 1.2, NG: 1.5, ZA: 1.2, EG: 1.2, AR: 1.2, CO: 1.2, AU: 1.5, SE: 1, PT: 1, RO: 1,
  GR: 1, CZ: 1, CL: 1, SA: 1, AE: 1, IL: 1, KE: 1, MA: 1, NZ: 1,
};
