/**
 * Every regular expression of the IP check, in one place (docs/style.md §12).
 * All are linear: anchored, no nested quantifiers, and only ever run on
 * input already capped at {@link MAX_IP_LENGTH} characters (AS names: at
 * {@link MAX_AS_NAME_LENGTH}).
 */

/** Longest textual IP address: `ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255` (45 chars). */
export const MAX_IP_LENGTH = 45;

/** AS organisation names are truncated to this before the usage rules run. */
export const MAX_AS_NAME_LENGTH = 200;

/**
 * Strict dotted-quad IPv4: four decimal octets 0–255 without leading zeros
 * (`010.0.0.1` is octal to some parsers and decimal to others, so it is
 * rejected rather than guessed), no hex, no short forms (`1.2.3`).
 */
export const IPV4_DOTTED = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Characters an IPv6 address may contain. Checked before `node:net` isIP,
 * which accepts zone ids (`fe80::1%eth0`): a zone id only means something on
 * the host that wrote it, so it is rejected.
 */
export const IPV6_CHARS = /^[\d.:a-f]+$/i;

/**
 * AS-name usage rules, tried in this order (first match wins). Each maps a
 * word that an AS organisation name only carries when the network is of
 * that kind; documented with examples in docs/ip.md.
 */
export const AS_NAME_RULES: readonly (readonly [code: 'MIL' | 'GOV' | 'LIB' | 'EDU' | 'MOB' | 'ISP' | 'COM' | 'ORG', pattern: RegExp])[] = [
  // "DoD Network Information Center", "Ministry of Defence", "US Army", "Air Force Systems Networking".
  ['MIL', /\b(?:department of defen[cs]e|ministry of defen[cs]e|dod network information center|armed forces|air force|army|navy|military|marine corps|defen[cs]e information systems agency)\b/i],
  // "Government of …", "Ministerio de …", "City of …", "Department of Transportation".
  ['GOV', /\b(?:government|ministry|ministerio|minist[eè]re|ministero|bundesamt|parliament|municipality|city of|county of|department of)\b/i],
  ['LIB', /\b(?:librar(?:y|ies)|biblioth[eè]\w*|bibliotek\w*|biblioteca)\b/i],
  // Universities, colleges, schools and national research-and-education networks.
  ['EDU', /\b(?:universit\w*|universidad\w*|college|school|academy|academic|polytechnic|politecnico|hochschule|institute of technology|education)\b/i],
  // "T-Mobile", "Mobile TeleSystems", "AT&T Mobility", "… Cellular". Not "wireless":
  // many fixed-wireless rural ISPs carry it.
  ['MOB', /\b(?:mobile|mobil|mobility|cellular|movil|móvil)\b/i],
  ['ISP', /\b(?:telecom\w*|telekom\w*|telefonica|telefónica|telco|communications|broadband|cable|fib(?:er|re)|internet service|isp|dsl|telephone|telephony)\b/i],
  // Businesses that run their own network for their own staff.
  ['COM', /\b(?:bank|banco|banque|insurance|airlines?|airways|pharmaceuticals?|motors|automotive|retail|hotels?|casino)\b/i],
  ['ORG', /\b(?:foundation|association|non-?profit|charity|church|society)\b/i],
];

/**
 * Brand names of retail telecom operators: the mobile network operators
 * and their groups listed in Wikipedia's "List of mobile network operators
 * of Europe", "… of the Americas", "… of the Asia Pacific region" and "… of
 * the Middle East and Africa" (read 2026-12; the brands written here by
 * hand, not copied), plus the national fixed-line incumbents and cable
 * operators those pages name as the groups' owners or sister companies.
 * Nearly all of them sell both home broadband and mobile service from the
 * same AS, so a match says "a retail operator's network", not which of the
 * two: connection_type stays null, and the fact is scored as its own trust
 * (IP_OPERATOR_NETWORK). Brands that are also ordinary words (Three, Free,
 * Play, One, Sky, Bell, Smart, True, Hot, Salt) are written with the word
 * the operator's AS name carries next to them, so a hosting firm called
 * "Smart Hosting" is not taken for the Philippine operator.
 */
const OPERATOR_BRANDS: readonly string[] = [
  // Multinational groups.
  'vodafone', 'orange', 'telefonica', 'movistar', 'o2', 'deutsche telekom', 't-mobile', 'magenta telekom', 'telia', 'telenor', 'tele2', 'veon',
  'vimpelcom', 'beeline', 'kyivstar', 'jazz', 'banglalink', 'america movil', 'telcel', 'radiomovil dipsa', 'telmex', 'claro', 'tigo', 'millicom',
  'digicel', 'liberty latin america', 'airtel', 'bharti', 'mtn', 'vodacom', 'safaricom', 'ooredoo', 'indosat', 'zain', 'etisalat', 'axiata',
  'xl axiata', 'celcom', 'dialog axiata', 'robi', 'hutchison', 'wind tre', 'three ireland', 'three uk', 'hutchison 3g', 'ck hutchison', 'iliad',
  'free mobile', 'free sas', 'proxad', 'p4 sp', 'a1 telekom', 'a1 hrvatska', 'a1 bulgaria', 'yettel', 'digi romania', 'digi spain',
  'digi communications', 'rcs & rds', 'liberty global', 'virgin media', 'telenet', 'upc', 'unitymedia',
  // Europe, by country.
  'british telecommunications', 'ee limited', 'sky uk', 'talktalk', 'plusnet', 'eir', 'eircom', 'vodafone ireland', 'sfr', 'bouygues',
  'swisscom', 'sunrise communications', 'sunrise gmbh', 'salt mobile', 'proximus', 'kpn', 'odido', 'ziggo', 'telekom austria', 'telecom italia', 'tim s.p.a', 'fastweb', 'iliad italia',
  'meo', 'nos comunicacoes', 'nowo', 'masmovil', 'euskaltel', 'jazztel', 'versatel', '1&1', 'telefonica germany', 'netcologne', 'm-net',
  'elisa', 'dna oyj', 'dna plc', 'tdc', 'nuuday', 'bahnhof', 'com hem', 'tele2 sverige', 'telenor norge', 'altibox', 'lyse', 'netia',
  'polkomtel', 'orange polska', 'plus polkomtel', 'cesky telekom', 'o2 czech', 'o2 slovakia', 'slovak telekom', 'magyar telekom', 'vodafone magyarorszag',
  'cosmote', 'wind hellas', 'cyta', 'telekom srbija', 'mts d.o.o', 'hrvatski telekom', 'telekom slovenije', 'ukrtelecom',
  'lifecell', 'kyivstar', 'rostelecom', 'megafon', 'mts pjsc', 'mobile telesystems', 'er-telecom', 'beltelecom', 'turk telekom', 'turkcell',
  'superonline', 'bezeq', 'hot-net', 'partner communications', 'cellcom', 'pelephone',
  // Americas.
  'verizon', 'cellco', 'at&t', 'comcast', 'charter communications', 'cox communications', 'centurylink', 'frontier communications',
  'windstream', 'altice', 'optimum online', 'mediacom', 'sparklight', 'rogers', 'bell canada', 'telus', 'shaw communications', 'videotron', 'cogeco',
  'sasktel', 'entel', 'vtr', 'telecom argentina', 'personal argentina', 'telefonica de argentina', 'oi s.a', 'vivo', 'tim brasil', 'algar',
  'v tal', 'brisanet', 'antel', 'cantv', 'movilnet', 'izzi', 'totalplay', 'megacable', 'une epm', 'cnt ep', 'netlife', 'telconet', 'copaco',
  'liberty puerto rico',
  // Asia and the Pacific.
  'reliance jio', 'jio', 'bsnl', 'mtnl', 'vodafone idea', 'atria convergence', 'act fibernet', 'hathway', 'ptcl', 'zong', 'ufone', 'grameenphone',
  'teletalk', 'sri lanka telecom', 'ncell', 'nepal telecom', 'china mobile', 'china unicom', 'china telecom', 'chunghwa', 'taiwan mobile', 'far eastone',
  'hkt', 'hong kong broadband', 'smartone', 'ntt docomo', 'docomo', 'kddi', 'softbank', 'rakuten mobile', 'sony network', 'ntt communications',
  'sk telecom', 'sk broadband', 'kt corporation', 'korea telecom', 'lg uplus', 'lg dacom', 'pldt', 'dito telecommunity', 'smart communications', 'globe telecom',
  'converge ict', 'telkomsel', 'telkom indonesia', 'pt telekomunikasi', 'xl axiata', 'smartfren', 'biznet', 'first media', 'tm net',
  'telekom malaysia', 'maxis', 'u mobile', 'time dotcom', 'singtel', 'starhub', 'm1 limited', 'advanced wireless network', 'true internet',
  'true move', 'dtac', 'triple t broadband', 'viettel', 'vnpt', 'fpt telecom', 'mobifone', 'vinaphone', 'metfone', 'unitel', 'mytel',
  'telstra', 'optus', 'singtel optus', 'tpg', 'iinet', 'vocus', 'aussie broadband', 'spark new zealand', 'one new zealand', '2degrees',
  'vodafone new zealand',
  // Middle East and Africa.
  'saudi telecom', 'mobily', 'etihad etisalat', 'emirates integrated', 'batelco', 'omantel', 'ooredoo oman', 'zain kuwait',
  'viva kuwait', 'irancell', 'mobile communication company of iran', 'telecommunication company of iran', 'asiacell', 'korek', 'orange jordan',
  'umniah', 'ogero', 'telecom egypt', 'vodafone data', 'vodafone egypt', 'maroc telecom', 'itissalat al-maghrib',
  'inwi', 'djezzy', 'mobilis', 'algerie telecom', 'tunisie telecom', 'libyana', 'ethio telecom', 'safaricom', 'airtel networks', 'telkom kenya',
  'liquid telecom', 'zuku', 'globacom', 'glo mobile', '9mobile', 'emerging markets telecommunication', 'mtn nigeria', 'vodacom', 'cell c',
  'telkom sa', 'rain networks', 'afrihost', 'econet', 'netone', 'telecel', 'moov africa', 'sonatel', 'orange cote', 'camtel', 'uganda telecom',
  'tanzania telecommunications', 'tigo tanzania', 'halotel', 'zamtel', 'mascom', 'mtc namibia', 'telecom namibia',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One case-insensitive alternation of the brands, each bounded by non-letters
 * (so "ais" never matches inside "Raisio" nor "orange" inside "Orangery").
 * Literals only, no nested quantifiers: linear, and run only on AS names
 * already capped at {@link MAX_AS_NAME_LENGTH}.
 */
export const OPERATOR_BRAND_RULE: RegExp = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(${[...new Set(OPERATOR_BRANDS)]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?=$|[^\\p{L}\\p{N}])`,
  'iu',
);

/**
 * Words of an operator's hosting arm ("Deutsche Telekom Cloud Services",
 * "True Internet Data Center", "Colocation at China Telecom …"): an AS name
 * carrying one is not taken for the operator's retail network.
 */
export const OPERATOR_HOSTING_ARM = /\b(?:cloud|data ?cent(?:er|re)s?|hosting|colocation|colo|servers?|vps)\b/i;
