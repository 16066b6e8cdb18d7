/**
 * Model-code families: makers' own numbering schemes for the codes they put
 * in a user agent, for devices the model table (Google Play's list plus
 * curated rows) does not carry — pre-2014 tablets, unbranded imports, rugged
 * scanners and POS terminals, TVs and boxes that never registered with Play.
 *
 * Each row is a *family*, not a device: a literal prefix plus a simple shape
 * (see {@link matchShape}) that the maker's published naming follows, the
 * maker, and the device type when the whole family is one kind of device
 * (null when the family mixes phones and tablets). Written for this project
 * from the makers' product pages and spec sheets; no regex list is copied
 * from another parser, and no regex runs here at all: a shape is matched by
 * a linear scan, so there is nothing to backtrack.
 *
 * Consulted after the model table and before the generic rules (parse.ts):
 * a table hit always wins over a family.
 */
import type { DeviceCategory } from './types.js';

/** A maker's code family. @example const f: CodeFamily = { shape: 'U#GT*', brand: 'Cube', type: 'tablet', why: '…' }; */
export interface CodeFamily {
  /**
   * Shape of the code, matched case-insensitively from its first character:
   * `#` one or more digits, `~` exactly one digit, `@` one or more letters,
   * `%` exactly one letter, `!` end of code or a non-digit next (consumes
   * nothing), `*` anything (only last), any other character
   * itself. Without a trailing `*` the shape must cover the whole code.
   */
  readonly shape: string;
  readonly brand: string;
  /** Device category of the whole family, or null when it mixes kinds. */
  readonly type: DeviceCategory | null;
  /** The maker's naming scheme this row follows (why the family exists). */
  readonly why: string;
}

/** Longest code a family is tried on: real model codes are far shorter. */
const MAX_CODE = 64;

/**
 * The families. Order matters only within one first character: the first
 * matching row wins, so narrower shapes come before wider ones
 * (`TM-MID…` Touchmate before teXet's `TM-…` in patterns.ts).
 */
export const CODE_FAMILIES: readonly CodeFamily[] = [
  // --- tablets of makers that never listed them on Google Play ---------------
  { shape: 'U#GT*', brand: 'Cube', type: 'tablet', why: 'Cube (Alldocube) tablets of 2012–2015: U + series number + GT (U9GT, U18GT, U30GT-H).' },
  { shape: 'RC#@', brand: '3Q', type: 'tablet', why: '3Q Qoo! tablets: RC/LC/BC + four digits (screen size + series) + variant letters (RC9724C, LC0810C).' },
  { shape: 'LC#@', brand: '3Q', type: 'tablet', why: '3Q Qoo! tablets, LC line (see RC).' },
  { shape: 'BC#@', brand: '3Q', type: 'tablet', why: '3Q Qoo! tablets, BC line (see RC).' },
  { shape: 'AN#@*', brand: 'Arnova', type: 'tablet', why: 'Arnova (Archos budget brand) tablets: AN + screen inches + generation letters (AN7G2, AN10BG3, AN7HG3).' },
  { shape: 'ST~~~~*', brand: 'TrekStor', type: 'tablet', why: 'TrekStor SurfTab article codes: ST + screen inches + series digits (ST70216-1, ST10216-2A).' },
  { shape: 'MOMO#*', brand: 'Ployer', type: 'tablet', why: 'Ployer MOMO tablets: MOMO + series number (MOMO11, MOMO20).' },
  { shape: 'TM-MID#*', brand: 'Touchmate', type: 'tablet', why: 'Touchmate tablets: TM-MID + model number (TM-MID730); narrower than teXet TM-.' },
  { shape: 'TM-7~~~*', brand: 'teXet', type: 'tablet', why: 'teXet numbers by screen size: TM-7xxx/8xxx/9xxx are 7–9" tablets (TM-7043XD); phones are TM-4xxx/5xxx.' },
  { shape: 'TM-8~~~*', brand: 'teXet', type: 'tablet', why: 'teXet 8" tablets (see TM-7xxx).' },
  { shape: 'TM-9~~~*', brand: 'teXet', type: 'tablet', why: 'teXet 9" tablets (see TM-7xxx).' },
  { shape: 'MPQC#*', brand: 'Mpman', type: 'tablet', why: 'Mpman quad-core tablets: MPQC + model number.' },
  { shape: 'MPDC#*', brand: 'Mpman', type: 'tablet', why: 'Mpman dual-core tablets: MPDC + model number.' },
  { shape: 'MP~~~*', brand: 'Mpman', type: 'tablet', why: 'Mpman tablets: MP + three or four digits (MP707, MP7008, MP810C).' },
  { shape: 'NOVO~*', brand: 'Ainol', type: 'tablet', why: 'Ainol Novo tablets: Novo + screen inches (Novo7, Novo10 Hero).' },
  { shape: 'NUMY*', brand: 'Ainol', type: 'tablet', why: 'Ainol Numy tablets.' },
  { shape: 'DSLIDE*', brand: 'Danew', type: 'tablet', why: 'Danew DSlide tablets.' },
  { shape: 'GEODROID*', brand: 'Danew', type: 'tablet', why: 'Danew Geodroid tablets.' },
  { shape: 'RAPAX *', brand: 'Cmx', type: 'tablet', why: 'Cmx tablets are sold as RAPAX/AQUILA/Clanga + article number (RAPAX 070-0508).' },
  { shape: 'AQUILA *', brand: 'Cmx', type: 'tablet', why: 'Cmx AQUILA tablets (see RAPAX).' },
  { shape: 'CLANGA *', brand: 'Cmx', type: 'tablet', why: 'Cmx Clanga tablets (see RAPAX).' },
  { shape: "EZEE'TAB*", brand: 'Storex', type: 'tablet', why: "Storex eZee'Tab tablets." },
  { shape: "EZEE' TAB*", brand: 'Storex', type: 'tablet', why: "Storex eZee'Tab tablets, spaced spelling." },
  { shape: 'TAB~~-~~~*', brand: 'Yarvik', type: 'tablet', why: 'Yarvik tablets: TAB + screen inches + - + series (TAB07-100).' },
  { shape: 'TP~-#@*', brand: 'ionik', type: 'tablet', why: 'ionik tablets: TP + screen inches + - + model + core count (TP7-1000DC, TP8-1200QC).' },
  { shape: 'TP~.~-#@*', brand: 'ionik', type: 'tablet', why: 'ionik tablets with a fractional screen size (TP9.7-1200QC).' },
  { shape: 'SPT-#*', brand: 'Simvalley', type: 'tablet', why: 'Simvalley (Pearl) SPT tablets: SPT- + model number.' },
  { shape: 'NETTAB *', brand: 'IconBIT', type: 'tablet', why: 'IconBIT NetTAB tablets.' },
  { shape: 'TB-*', brand: 'Lenovo', type: 'tablet', why: 'Lenovo Tab codes: TB- + series (TB-X606F, TB-8504X).' },
  { shape: 'TB~-*', brand: 'Lenovo', type: 'tablet', why: 'Lenovo Tab 2/3 codes: TB2-/TB3- + model (TB3-850M).' },
  { shape: 'YT-*', brand: 'Lenovo', type: 'tablet', why: 'Lenovo Yoga Tab codes: YT- + model (YT-X705F).' },
  { shape: 'YT~-*', brand: 'Lenovo', type: 'tablet', why: 'Lenovo Yoga Tab 3 codes: YT3- + model.' },
  // Huawei/Honor tablet code names: a three-letter product code, a dash, then
  // the network/region suffix (W = Wi-Fi, L = LTE, AL/AN = China).
  { shape: 'AGS-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad T3 10 (AGS-W09/L09).' },
  { shape: 'AGS~-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad T5 / MatePad T10 (AGS2-, AGS3-).' },
  { shape: 'BAH-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M3 Lite 10 (BAH-W09/L09).' },
  { shape: 'BAH~-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M5 Lite / MatePad (BAH2-, BAH3-, BAH4-).' },
  { shape: 'KOB-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad T3 8 (KOB-W09/L09).' },
  { shape: 'KOB~-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MatePad T8 (KOB2-).' },
  { shape: 'BTV-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M3 8.4 (BTV-W09/DL09).' },
  { shape: 'CMR-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M5 10 (CMR-W09/AL09).' },
  { shape: 'SCM-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M6 10.8 (SCM-W09/AL09).' },
  { shape: 'PLE-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad T2 7.0 Pro (PLE-701L/703L).' },
  { shape: 'BVE-*', brand: 'Huawei', type: 'tablet', why: 'Huawei Qinyun tablets (BVE-W10).' },
  { shape: 'KRJ*', brand: 'Honor', type: 'tablet', why: 'Honor Pad V7 (KRJ-W09, KRJ2-AN00).' },
  { shape: 'GEM-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad X2 (GEM-701L/702L/703L).' },
  { shape: 'M2-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M2 8.0 and 10.0 (M2-801L, M2-A01L).' },
  { shape: 'FDR-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad T2 10.0 Pro (FDR-A01L/A03L).' },
  { shape: 'T1-~~~*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad T1 7.0 and 8.0 (T1-701u, T1-821L).' },
  { shape: 'T1-A*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad T1 10 (T1-A21L/A21W).' },
  { shape: 'SHT-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M5 8.4 (SHT-W09/AL09); Sharp writes SHT without a dash.' },
  { shape: 'JDN-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M2 Lite / T2 8 Pro (JDN-W09/AL00).' },
  { shape: 'JDN~-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M5 Lite 8 (JDN2-W09/AL00).' },
  { shape: 'VRD-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad M6 8.4 (VRD-W09/AL09).' },
  { shape: 'MON-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MediaPad C5 (MON-W19/AL19).' },
  { shape: 'MRX-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MatePad Pro 10.8 (MRX-W09/AL09).' },
  { shape: 'DBY-*', brand: 'Huawei', type: 'tablet', why: 'Huawei MatePad 11 (DBY-W09).' },
  { shape: 'TPC-*', brand: 'JAY-Tech', type: 'tablet', why: 'JAY-Tech tablet PCs: TPC- + model (TPC-1050, TPC-XE10).' },
  { shape: 'MIDC~~~!*', brand: 'Polaroid', type: 'tablet', why: 'Polaroid tablets: MIDC + three digits (MIDC410).' },
  { shape: 'MID~~~~@', brand: 'Coby Kyros', type: 'tablet', why: 'Coby Kyros tablets: MID + screen inches + series + variant letters (MID7034C, MID7120A).' },
  { shape: 'MFC~~~*', brand: 'Lexibook', type: 'tablet', why: 'Lexibook tablets: MFC + three digits + country letters (MFC180FR).' },
  { shape: 'MYTAB*', brand: 'Mytab', type: 'tablet', why: 'myTab tablets (the code is the brand and size).' },
  { shape: 'PAD ~~~*', brand: 'Xoro', type: 'tablet', why: 'Xoro PAD tablets: PAD + model number (PAD 790, PAD 9718DR).' },
  { shape: 'PAD~~~*', brand: 'Xoro', type: 'tablet', why: 'Xoro PAD tablets, unspaced (PAD717D).' },
  { shape: 'VS TOUCH*', brand: 'Versus', type: 'tablet', why: 'Versus TouchPad/TouchTab tablets (VS TOUCHTAB 7DC).' },
  { shape: 'AP-~~~*', brand: 'Assistant', type: 'tablet', why: 'Assistant tablets: AP- + model (AP-105, AP-708).' },
  { shape: 'SN~~T*', brand: 'Hannspree', type: 'tablet', why: 'Hannspree HANNSpad: SN + screen inches + T + series (SN10T2, SN70T32).' },
  { shape: 'TZ#*', brand: 'Irbis', type: 'tablet', why: 'Irbis TZ tablets: TZ + model number (TZ13, TZ728, TZ864).' },
  { shape: 'DW-UBT*', brand: 'Datawind', type: 'tablet', why: 'Datawind UbiSlate tablets: DW-UBT + model.' },
  { shape: 'M-MP*', brand: 'Mediacom', type: 'tablet', why: 'Mediacom SmartPad tablets: M-MP + size + series.' },
  { shape: 'M-PP*', brand: 'Mediacom', type: 'phablet', why: 'Mediacom PhonePad (phablet line, docs/device.md): M-PP + series.' },
  { shape: 'M-SP*', brand: 'Mediacom', type: 'tablet', why: 'Mediacom SmartPad tablets, newer numbering: M-SP + size + series (M-SP8HXAH).' },
  { shape: 'PMT~~~~*', brand: 'Prestigio', type: 'tablet', why: 'Prestigio MultiPad: PMT + four digits.' },
  { shape: 'PMP~~~~*', brand: 'Prestigio', type: 'tablet', why: 'Prestigio MultiPad (older): PMP + four digits.' },
  { shape: 'PSP~~~~*', brand: 'Prestigio', type: 'smartphone', why: 'Prestigio MultiPhone: PSP + four digits.' },
  { shape: 'PTV~~*', brand: 'Prestigio', type: 'tv', why: 'Prestigio TVs: PTV + size + series.' },
  { shape: 'OPD~~~~', brand: 'OPPO', type: 'tablet', why: 'OPPO Pad codes: OPD + four digits (OPD2101, OPD2202).' },
  { shape: 'V4~~!*', brand: 'LG', type: 'tablet', why: 'LG G Pad: V4xx (V400, V410, V480).' },
  { shape: 'V5~~!*', brand: 'LG', type: 'tablet', why: 'LG G Pad: V5xx (V500, V510, V525).' },
  { shape: 'BQ-7~~~*', brand: 'BQ', type: 'tablet', why: 'BQ Mobile numbers by screen size: BQ-7xxx/8xxx/9xxx/1xxx are 7–10" tablets (BQ-7083G, BQ-1077L); phones are BQ-4xxx to 6xxx.' },
  { shape: 'BQ-8~~~*', brand: 'BQ', type: 'tablet', why: 'BQ Mobile 8" tablets (see BQ-7xxx).' },
  { shape: 'BQ-9~~~*', brand: 'BQ', type: 'tablet', why: 'BQ Mobile 9" tablets (see BQ-7xxx).' },
  { shape: 'BQ-1~~~*', brand: 'BQ', type: 'tablet', why: 'BQ Mobile 10" tablets (see BQ-7xxx).' },
  { shape: 'PLANE *', brand: 'Digma', type: 'tablet', why: 'Digma Plane tablet line (Plane 8733T).' },
  // Digma's article codes: line letters + four digits + chipset (M MediaTek, P Spreadtrum) + network (G 3G, L LTE).
  { shape: '%%~~~~MG', brand: 'Digma', type: null, why: 'Digma article codes (CS1207MG CITI, TS7175MG Optima, HT7070MG HIT): two line letters + four digits + MG (MediaTek, 3G).' },
  { shape: '%%~~~~PG', brand: 'Digma', type: null, why: 'Digma article codes, Spreadtrum 3G (HT4039PG, VS5002PG).' },
  { shape: '%%~~~~ML', brand: 'Digma', type: null, why: 'Digma article codes, MediaTek LTE (CS6063ML, TS1190ML).' },
  { shape: '%%~~~~PL', brand: 'Digma', type: null, why: 'Digma article codes, Spreadtrum LTE (CS1272PL, PT1139PL).' },
  { shape: 'URSUS *', brand: 'DEXP', type: 'tablet', why: 'DEXP Ursus tablet line.' },
  { shape: 'PLURI*', brand: 'Vonino', type: 'tablet', why: 'Vonino Pluri tablet line.' },
  { shape: 'VIVA*', brand: 'Allview', type: 'tablet', why: 'Allview Viva tablet line (Viva H7, Viva Q8).' },
  { shape: 'SURFER *', brand: 'Explay', type: 'tablet', why: 'Explay Surfer tablet line.' },
  { shape: 'BIOWOLF *', brand: 'BioRugged', type: 'tablet', why: 'BioRugged BioWolf rugged tablets.' },
  { shape: 'ONE TOUCH P3~~*', brand: 'Alcatel', type: 'tablet', why: 'Alcatel One Touch POP tablets: P3xx (P310 POP 7, P320 POP 8).' },
  { shape: '1T ~*', brand: 'Alcatel', type: 'tablet', why: 'Alcatel 1T tablets: 1T + screen inches (1T 7, 1T 10).' },
  { shape: 'NT-~~~~*', brand: 'IconBIT', type: 'tablet', why: 'IconBIT NetTAB tablets: NT- + four digits (NT-3603P).' },
  { shape: 'GT-~~~~!', brand: 'Ginzzu', type: 'tablet', why: 'Ginzzu tablets: GT- + four digits only (GT-1050); Samsung GT- codes have a letter first.' },
  { shape: 'OT#', brand: 'Oukitel', type: 'tablet', why: 'Oukitel tablets: OT + series number (OT5, OT8, OT11).' },
  { shape: 'YPY-*', brand: 'Positivo', type: 'tablet', why: 'Positivo Ypy tablets: YPY- + model (YPY-72SIM).' },
  { shape: 'PLT~~~~*', brand: 'Proscan', type: 'tablet', why: 'Proscan tablets: PLT + screen inches + series (PLT7035).' },
  { shape: 'ZT-~~~~*', brand: 'ZIFRO', type: 'tablet', why: 'ZIFRO tablets: ZT- + four digits (ZT-9700).' },
  { shape: 'X-PAD*', brand: 'teXet', type: 'tablet', why: 'teXet X-pad tablets.' },
  { shape: 'SLIDEPAD*', brand: 'Memup', type: 'tablet', why: 'Memup SlidePad tablets.' },
  { shape: 'SMARTPAD*', brand: 'Mediacom', type: 'tablet', why: 'Mediacom SmartPad tablets, spelled out.' },
  { shape: 'B-TAB *', brand: 'Braun', type: 'tablet', why: 'Braun B-Tab tablets (B-Tab 711, B-Tab 1005).' },
  { shape: 'ENDEAVOUR*', brand: 'Blaupunkt', type: 'tablet', why: 'Blaupunkt Endeavour tablets.' },
  { shape: 'MITAB*', brand: 'Wolder', type: 'tablet', why: 'Wolder miTab tablets.' },
  { shape: 'MID-~~~*', brand: 'Mystery', type: 'tablet', why: 'Mystery tablets: MID- + model (MID-722).' },
  { shape: 'SMARTTAB*', brand: 'Vodafone', type: 'tablet', why: 'Vodafone Smart Tab tablets.' },
  { shape: 'ILIUM*', brand: 'Lanix', type: null, why: 'Lanix Ilium phones and tablets.' },
  { shape: 'HLV-*', brand: 'Hi-Level', type: 'tablet', why: 'Hi-Level tablets: HLV- + model.' },
  { shape: 'LECT-*', brand: 'Lectrus', type: 'tablet', why: 'Lectrus tablets: LECT- + model.' },
  // --- Samsung families ------------------------------------------------------
  { shape: 'SM-R*', brand: 'Samsung', type: 'wearable', why: 'Samsung SM-R: Galaxy Watch, Gear and Buds (wearables).' },
  { shape: 'SM-T*', brand: 'Samsung', type: 'tablet', why: 'Samsung SM-T: Galaxy Tab (tablets).' },
  { shape: 'SM-X*', brand: 'Samsung', type: 'tablet', why: 'Samsung SM-X: Galaxy Tab since 2021 (tablets).' },
  { shape: 'SM-P*', brand: 'Samsung', type: 'tablet', why: 'Samsung SM-P: Galaxy Tab/Note with S Pen (tablets).' },
  { shape: 'SM-N*', brand: 'Samsung', type: 'phablet', why: 'Samsung SM-N: Galaxy Note phones (phablets, docs/device.md).' },
  { shape: 'SM-F9*', brand: 'Samsung', type: 'phablet', why: 'Samsung SM-F9xx: Galaxy Z Fold (unfolded 7"+, phablets).' },
  { shape: 'SCG~~', brand: 'Samsung', type: null, why: 'au (KDDI) Galaxy codes: SCG + two digits (SCG22 Z Fold 5, SCG26 S24 Ultra).' },
  { shape: 'SCH-*', brand: 'Samsung', type: null, why: 'Samsung CDMA models (Verizon/Sprint/US Cellular era): SCH-.' },
  { shape: 'SGH-*', brand: 'Samsung', type: null, why: 'Samsung GSM models before SM-: SGH-.' },
  { shape: 'SPH-*', brand: 'Samsung', type: null, why: 'Samsung Sprint models: SPH-.' },
  { shape: 'SHV-*', brand: 'Samsung', type: null, why: 'Samsung Korean models: SHV-/SHW-.' },
  { shape: 'SHW-*', brand: 'Samsung', type: null, why: 'Samsung Korean models: SHV-/SHW-.' },
  // --- phones ------------------------------------------------------------------
  { shape: 'I9~~~!*', brand: 'Samsung', type: null, why: 'Samsung GT-I9xxx (Galaxy S to S4) sent without the GT- prefix.' },
  { shape: 'SC-~~%', brand: 'Samsung', type: null, why: 'NTT docomo scheme: maker letters + - + two digits + season letter; SC = Samsung.' },
  { shape: 'SCV~~', brand: 'Samsung', type: null, why: 'au (KDDI) scheme: maker letters + V + two digits; SCV = Samsung.' },
  { shape: 'SH-~~%', brand: 'Sharp', type: null, why: 'NTT docomo scheme (see SC-): SH = Sharp.' },
  { shape: 'SHV~~', brand: 'Sharp', type: null, why: 'au scheme (see SCV): SHV = Sharp (Samsung Korea uses SHV- with a dash).' },
  { shape: 'A~~~SH', brand: 'Sharp', type: null, why: 'SoftBank/Y!mobile scheme: A + three digits + maker letters; SH = Sharp (A302SH).' },
  { shape: 'SO-~~%', brand: 'Sony', type: null, why: 'NTT docomo scheme (see SC-): SO = Sony.' },
  { shape: 'SOV~~', brand: 'Sony', type: null, why: 'au scheme (see SCV): SOV = Sony.' },
  { shape: 'A~~~SO', brand: 'Sony', type: null, why: 'SoftBank scheme (see A…SH): SO = Sony.' },
  { shape: 'KYV~~', brand: 'Kyocera', type: null, why: 'au scheme (see SCV): KYV = Kyocera.' },
  { shape: 'KYF~~', brand: 'Kyocera', type: null, why: 'au flip phones: KYF + two digits (Gratina KYF42).' },
  { shape: 'A~~~KC', brand: 'Kyocera', type: null, why: 'SoftBank scheme (see A…SH): KC = Kyocera.' },
  { shape: 'A~~~ZT', brand: 'ZTE', type: null, why: 'SoftBank scheme (see A…SH): ZT = ZTE (A303ZT).' },
  { shape: 'A~~~HW', brand: 'Huawei', type: null, why: 'SoftBank scheme (see A…SH): HW = Huawei.' },
  { shape: '~~~~%', brand: 'Alcatel', type: null, why: 'Alcatel (TCL Communication) numbering: four digits + region letter (5039Y 3L, 4065F 1L Pro, 3088X).' },
  { shape: 'G~~~%', brand: 'Google', type: 'smartphone', why: 'Google Pixel hardware codes: G + three digits + letter (G025N Pixel 4a, G013A Pixel 3).' },
  { shape: 'UX~~~@', brand: 'Asus', type: 'desktop', why: 'Asus ZenBook laptops: UX + three digits + letters (UX360CAK).' },
  { shape: 'X5~~%%', brand: 'Asus', type: 'desktop', why: 'Asus X5xx laptops: X5 + two digits + two letters (X550LB, X553MA).' },
  { shape: 'K5~%%', brand: 'Asus', type: 'desktop', why: 'Asus K5x laptops: K5 + digit + two letters (K50IN).' },
  { shape: 'R8~~', brand: 'OPPO', type: 'smartphone', why: 'OPPO R8xx phones of 2013–2014 (R805, R819, R831); Sony Ericsson R800 carries a letter suffix.' },
  { shape: 'Q~~~!*', brand: 'Xolo', type: 'smartphone', why: 'Xolo Q-series phones: Q + three or four digits (Q800, Q1000, Q3000).' },
  { shape: 'Q~~~~!*', brand: 'Xolo', type: 'smartphone', why: 'Xolo Q-series phones (see Q800).' },
  { shape: 'MI~~~', brand: 'Spice', type: null, why: 'Spice Mi- phones: Mi + three digits (Mi280, Mi720); Xiaomi writes a space (MI 8).' },
  { shape: 'MBLU*', brand: 'Meizu', type: 'smartphone', why: 'Meizu M-blue (mblu) phones.' },
  { shape: 'WX~~~', brand: 'Motorola', type: null, why: 'Motorola WX phones: WX + three digits (WX435).' },
  { shape: 'DROIDZ*', brand: 'Torque', type: null, why: 'Torque DROIDZ devices.' },
  { shape: 'U8~~~!*', brand: 'Huawei', type: null, why: 'Huawei phones of 2010–2013: U8xxx (U8833 Ascend Y300).' },
  { shape: 'U9~~~!*', brand: 'Huawei', type: null, why: 'Huawei phones of 2011–2013: U9xxx (U9508 Honor 2).' },
  { shape: 'BV~~~~*', brand: 'Blackview', type: 'smartphone', why: 'Blackview rugged phones: BV + four digits (BV8900, BV9900).' },
  { shape: 'SM~~~', brand: 'Smartisan', type: 'smartphone', why: 'Smartisan phones: SM + three digits (SM701, SM801); Samsung writes SM- with a dash.' },
  { shape: 'YL-COOLPAD*', brand: 'Coolpad', type: null, why: 'Coolpad (Yulong) codes: YL-Coolpad + model number.' },
  { shape: 'OV-*', brand: 'Overmax', type: null, why: 'Overmax devices: OV- + line (OV-TB-07B, OV-Qualcore).' },
  { shape: 'ADR6~~~*', brand: 'HTC', type: 'smartphone', why: 'HTC phones for Verizon: ADR6 + three digits (ADR6200 Droid Eris, ADR6425 Rezound).' },
  { shape: 'PJ~~~~~', brand: 'HTC', type: 'smartphone', why: 'HTC internal model numbers: PJ + five digits (PJ83100 One X).' },
  { shape: 'HLTE~~~%', brand: 'Hisense', type: 'smartphone', why: 'Hisense LTE phones: HLTE + three digits + letter (HLTE239E).' },
  { shape: 'TA-~~~~', brand: 'Nokia', type: 'smartphone', why: 'HMD Nokia phones: TA- + four digits (TA-1053).' },
  { shape: 'AT-AS~~*', brand: 'Wolfgang', type: 'smartphone', why: 'Wolfgang phones: AT-AS + screen size (AT-AS40D, AT-AS45SE).' },
  { shape: 'I-STYLE*', brand: 'i-mobile', type: 'smartphone', why: 'i-mobile i-STYLE phone line.' },
  { shape: 'IRIS*', brand: 'Lava', type: 'smartphone', why: 'Lava Iris phone line.' },
  { shape: 'TITANIUM *', brand: 'Karbonn', type: 'smartphone', why: 'Karbonn Titanium phone line.' },
  { shape: 'ANDI*', brand: 'iBall', type: 'smartphone', why: 'iBall Andi phone line.' },
  { shape: 'V~~~~@', brand: 'vivo', type: null, why: 'vivo model codes: V + four digits + region letters (V1824BA, V2366HA).' },
  { shape: 'SP-~~~*', brand: 'Simvalley', type: null, why: 'Simvalley (Pearl) phones and tablets: SP- + model (SP-700, SP-704DC).' },
  { shape: '1000~~~~~*', brand: 'onn.', type: null, why: 'Walmart onn. devices report the nine-digit Walmart item number (100071483A).' },
  { shape: 'AS4K*', brand: 'Openbox', type: 'tv', why: 'Openbox AS satellite/IPTV receivers (AS4K, AS4K-2X).' },
  { shape: 'AS~ HD', brand: 'Openbox', type: 'tv', why: 'Openbox AS HD receivers (AS1_HD).' },
  { shape: 'XQ-@#*', brand: 'Sony', type: 'smartphone', why: 'Sony Xperia codes since 2019: XQ- + two letters + two digits (XQ-AT51, XQ-DE72).' },
  { shape: 'Z~~~~N', brand: 'nubia', type: 'smartphone', why: 'nubia phones since 2023: Z + four digits + N (Z2351N Focus Pro, Z2464N Neo 3 GT); ZTE\'s own Z codes end in other letters.' },
  { shape: 'P%%~10', brand: 'OPPO', type: 'smartphone', why: 'OPPO China codes since 2022: P + two letters + digit + 10 (PHF110 K11x, PHJ110 A1x); OnePlus China models share the scheme.' },
  { shape: 'P%%%~0', brand: 'OPPO', type: 'smartphone', why: 'OPPO China codes of 2019–2022: P + three letters + two digits (PCLM10, PEEM00).' },
  { shape: 'ENERGY E~~~*', brand: 'Energizer', type: 'smartphone', why: 'Energizer phones: Energy E + model number (Energy E520 LTE, Energy E500S).' },
  { shape: 'ENERGY*', brand: 'Energy Sistem', type: null, why: 'Energy Sistem phones and tablets: Energy + product (Energy x10 QUAD, Energyi8Dual, Energy Phone Max).' },
  { shape: 'T~~HD*', brand: 'Teclast', type: 'tablet', why: 'Teclast tablets: T/M/P + series + HD (T50HD, M50HD, P20HD).' },
  { shape: 'M~~HD*', brand: 'Teclast', type: 'tablet', why: 'Teclast M-series tablets (see T50HD).' },
  { shape: 'P~~HD*', brand: 'Teclast', type: 'tablet', why: 'Teclast P-series tablets (see T50HD).' },
  { shape: 'NX~~~J*', brand: 'nubia', type: 'smartphone', why: 'nubia/Red Magic codes: NX + three digits + J (NX679J).' },
  { shape: 'JY-*', brand: 'Jiayu', type: 'smartphone', why: 'Jiayu phones: JY- + series (JY-G3, JY-G4).' },
  { shape: 'PRIMO *', brand: 'Walton', type: 'smartphone', why: 'Walton Primo phone line.' },
  { shape: 'XANON*', brand: 'Walton', type: 'smartphone', why: 'Walton Xanon phone line.' },
  { shape: 'NEXG*', brand: 'Walton', type: 'smartphone', why: 'Walton NEXG phone line.' },
  { shape: 'CINK*', brand: 'Wiko', type: 'smartphone', why: 'Wiko Cink phone line.' },
  { shape: 'DARKMOON', brand: 'Wiko', type: 'smartphone', why: 'Wiko Dark… phone line.' },
  { shape: 'DARKNIGHT', brand: 'Wiko', type: 'smartphone', why: 'Wiko Dark… phone line.' },
  { shape: 'DARKSIDE', brand: 'Wiko', type: 'smartphone', why: 'Wiko Dark… phone line.' },
  { shape: 'DARKFULL', brand: 'Wiko', type: 'smartphone', why: 'Wiko Dark… phone line.' },
  // --- watches -----------------------------------------------------------------
  { shape: 'LEM~~', brand: 'LEMFO', type: 'wearable', why: 'LEMFO smartwatches: LEM + series number (LEM14, LEM16).' },
  { shape: 'KIDPHONE*', brand: 'ELARI', type: 'wearable', why: 'ELARI KidPhone: children\'s watch phones.' },
  { shape: 'THOR *', brand: 'Zeblaze', type: 'wearable', why: 'Zeblaze Thor smartwatch line.' },
  { shape: 'GLL-*', brand: 'Huawei', type: 'wearable', why: 'Huawei Watch 3 Pro (GLL-AL01).' },
  { shape: 'MOTO 360*', brand: 'Motorola', type: 'wearable', why: 'Motorola Moto 360 watches.' },
  // --- rugged handhelds, scanners and POS terminals (peripheral) ----------------
  { shape: 'CT~~!*', brand: 'Honeywell', type: null, why: 'Honeywell CT touch computers (CT40, CT45, CT60): phone-shaped, so the kind is left to the UA.' },
  { shape: 'CN~~!*', brand: 'Honeywell', type: 'peripheral', why: 'Honeywell Dolphin CN mobile computers (CN75, CN80, CN85).' },
  { shape: 'CK~~!*', brand: 'Honeywell', type: 'peripheral', why: 'Honeywell CK mobile computers (CK65, CK67).' },
  { shape: 'EDA~~!*', brand: 'Honeywell', type: 'peripheral', why: 'Honeywell ScanPal EDA handhelds (EDA51, EDA52, EDA61K).' },
  { shape: 'TC~~!*', brand: 'Zebra', type: null, why: 'Zebra TC touch computers (TC21, TC52, TC72): phone-shaped, all-touch, so the kind is left to the UA.' },
  { shape: 'MC~~*', brand: 'Zebra', type: 'peripheral', why: 'Zebra MC mobile computers (MC33, MC93, MC2700).' },
  { shape: 'ET~~!*', brand: 'Zebra', type: 'peripheral', why: 'Zebra ET enterprise tablets (ET40, ET51).' },
  { shape: 'DT~~!*', brand: 'Urovo', type: 'peripheral', why: 'Urovo DT handheld computers (DT40, DT50).' },
  { shape: 'I6~~~@', brand: 'Urovo', type: 'peripheral', why: 'Urovo i6200/i6300 handheld scanners (i6200A, i6200S).' },
  { shape: 'PNC~~~*', brand: 'Hytera', type: 'peripheral', why: 'Hytera PoC radios: PNC + three digits (PNC550).' },
  { shape: 'PTC~~~*', brand: 'Hytera', type: 'peripheral', why: 'Hytera rugged terminals: PTC + three digits (PTC760).' },
  { shape: 'HCE~~~*', brand: 'CHCNAV', type: 'peripheral', why: 'CHC Navigation GNSS field controllers: HCE + three digits (HCE320, HCE600).' },
  { shape: 'HF~~@*', brand: 'LG', type: 'peripheral', why: 'LG CineBeam projectors: HF + two digits + letters (HF60LS, HF85JS).' },
  { shape: 'NLS-*', brand: 'Newland', type: 'peripheral', why: 'Newland handhelds: NLS- + model (NLS-MT6550).' },
  { shape: 'V1S-*', brand: 'Sunmi', type: 'peripheral', why: 'Sunmi V1s POS terminals (V1s-G).' },
  { shape: 'TPS~~~!*', brand: 'Telpo', type: 'peripheral', why: 'Telpo POS terminals: TPS + three digits (TPS320, TPS900).' },
  // --- TVs and boxes -----------------------------------------------------------
  // Russian-market TV makers number by screen inches + panel letter + series;
  // the tail tells the makers apart, so the narrower tails come first.
  { shape: '~~R~~~TS', brand: 'Harper', type: 'tv', why: 'Harper smart TVs: inches + R/F/U/Q panel + three-digit series + TS (32R750TS, 50U660TS).' },
  { shape: '~~U~~~TS', brand: 'Harper', type: 'tv', why: 'Harper smart TVs, UHD panel (see 32R750TS).' },
  { shape: '~~F~~~TS', brand: 'Harper', type: 'tv', why: 'Harper smart TVs, FHD panel (see 32R750TS).' },
  { shape: '~~F~~~%%', brand: 'Kivi', type: 'tv', why: 'Kivi TVs: inches + F/H/U panel + three-digit series + two-letter variant (32F700WR, 32H600KD, 43U800BU).' },
  { shape: '~~H~~~%%', brand: 'Kivi', type: 'tv', why: 'Kivi HD TVs (see 32F700WR).' },
  { shape: '~~U~~~%%', brand: 'Kivi', type: 'tv', why: 'Kivi UHD TVs (see 32F700WR).' },
  { shape: '~~FR~~%%', brand: 'Kivi', type: 'tv', why: 'Kivi TVs of 2017–2019: inches + FR/HR/UP/FK + two-digit series + variant (32FR50BU, 32HR55GU, 43UP50GU, 40FK30G).' },
  { shape: '~~HR~~%%', brand: 'Kivi', type: 'tv', why: 'Kivi HD TVs of 2017–2019 (see 32FR50BU).' },
  { shape: '~~UP~~%%', brand: 'Kivi', type: 'tv', why: 'Kivi UHD TVs of 2017–2019 (see 32FR50BU).' },
  { shape: '~~FK~~%', brand: 'Kivi', type: 'tv', why: 'Kivi FHD TVs of 2017–2019 (see 32FR50BU).' },
  { shape: '~~F~~~%', brand: 'Leff', type: 'tv', why: 'Leff TVs: inches + F/H/U panel + three-digit series + one platform letter (43F550T, 50U510S).' },
  { shape: '~~H~~~%', brand: 'Leff', type: 'tv', why: 'Leff HD TVs (see 43F550T).' },
  { shape: '~~U~~~%', brand: 'Leff', type: 'tv', why: 'Leff UHD TVs (see 43F550T).' },
  { shape: 'F~~@~000*', brand: 'DEXP', type: 'tv', why: 'DEXP TVs: F/H/U resolution letter + inches + panel + 7000/8000/9000 series + variant (F43F8000Q, H32F8000Q, U43G9000CG).' },
  { shape: 'H~~@~000*', brand: 'DEXP', type: 'tv', why: 'DEXP HD TVs (see F43F8000Q).' },
  { shape: 'U~~@~000*', brand: 'DEXP', type: 'tv', why: 'DEXP UHD TVs (see F43F8000Q).' },
  { shape: 'H~~~~000*', brand: 'DEXP', type: 'tv', why: 'DEXP HD TVs with a digit revision for a panel letter (H3218000K).' },
  { shape: 'SM-LED*', brand: 'Soundmax', type: 'tv', why: 'Soundmax TVs: SM-LED + inches + series (SM-LED43M01SU); Samsung SM- codes never spell LED.' },
  { shape: '~~ULES*', brand: 'Erisson', type: 'tv', why: 'Erisson TVs: inches + U/F/H + LES + series + tuner (65ULES910T2SM, 43FLES85T2SM).' },
  { shape: '~~FLES*', brand: 'Erisson', type: 'tv', why: 'Erisson FHD TVs (see 65ULES910T2SM).' },
  { shape: '~~HLES*', brand: 'Erisson', type: 'tv', why: 'Erisson HD TVs (see 65ULES910T2SM).' },
  { shape: '~~LES~~*', brand: 'Erisson', type: 'tv', why: 'Erisson TVs without a panel letter (32LES900T2SM).' },
  { shape: '~~SN~~~~%', brand: 'SENNA', type: 'tv', why: 'SENNA TVs: inches + SN + four-digit series + variant (32SN6000H, 43SN6000F).' },
  { shape: '~~LE~~~~D', brand: 'Horizont', type: 'tv', why: 'Horizont TVs: inches + LE + four-digit series + D (32LE7051D, 55LE7053D).' },
  { shape: '~~LF~~~~T', brand: 'Asano', type: 'tv', why: 'Asano TVs: inches + LF/LU + four-digit series + T (32LF7111T).' },
  { shape: '~~LU~~~~T', brand: 'Asano', type: 'tv', why: 'Asano UHD TVs (see 32LF7111T).' },
  { shape: '~~LH~~~~', brand: 'V-HOME', type: 'tv', why: 'V-HOME TVs: inches + LH/LU + four-digit series (24LH1211, 50LU1210).' },
  { shape: '~~LU~~~~', brand: 'V-HOME', type: 'tv', why: 'V-HOME UHD TVs (see 24LH1211).' },
  { shape: 'YNDX-000SB', brand: 'Yandex', type: 'smartphone', why: 'Yandex Phone.' },
  { shape: 'YNDX-0005~', brand: 'Yandex', type: 'smart_speaker', why: 'Yandex Station speakers of 2021–2023 are numbered YNDX-0005x (Station 2 YNDX-00051, Duo Max YNDX-00055).' },
  { shape: 'YNDX-0007~', brand: 'Yandex', type: 'tv', why: 'Yandex TVs "with Alice" are numbered YNDX-0007x and YNDX-0009x.' },
  { shape: 'YNDX-0009~', brand: 'Yandex', type: 'tv', why: 'Yandex TVs "with Alice" (see YNDX-0007x).' },
  { shape: 'YNDX-*', brand: 'Yandex', type: null, why: 'Any other Yandex hardware code: the maker is known, the kind is not.' },
  { shape: 'AFT*', brand: 'Amazon', type: 'tv', why: 'Amazon Fire TV codes: AFT + product letters.' },
  { shape: 'AEO@', brand: 'Amazon', type: 'smart_speaker', why: 'Amazon Echo devices (Echo Show and others): AEO + product letters only (AEOBP, AEOCW); AEOP520 is not one.' },
  { shape: 'TDTV~~*', brand: 'TopDevice', type: 'tv', why: 'TopDevice TVs: TDTV + size + series (TDTV40BS04F).' },
  { shape: 'ABX-~~~*', brand: 'Harper', type: 'tv', why: 'Harper Android TV boxes: ABX- + model (ABX-110).' },
  { shape: 'KM~!*', brand: 'Mecool', type: 'tv', why: 'Mecool TV boxes: KM + series digit (KM1, KM3, KM9 Pro).' },
  { shape: 'LD-~~S*', brand: 'Vekta', type: 'tv', why: 'Vekta TVs: LD- + size + S + series (LD-55SU8815BS).' },
  { shape: 'OV~~~~~', brand: 'ONVO', type: 'tv', why: 'ONVO TVs: OV + size + series (OV32300).' },
  { shape: '~~OV~~~~*', brand: 'ONVO', type: 'tv', why: 'ONVO TVs, size first: size + OV + series (65OV6000U).' },
  { shape: 'MITV*', brand: 'Xiaomi', type: 'tv', why: 'Xiaomi Mi TV.' },
  { shape: 'MIBOX*', brand: 'Xiaomi', type: 'tv', why: 'Xiaomi Mi Box.' },
  { shape: 'TF-LED*', brand: 'Telefunken', type: 'tv', why: 'Telefunken TVs: TF-LED + size + series.' },
  { shape: 'TF-MID*', brand: 'Telefunken', type: 'tablet', why: 'Telefunken tablets: TF-MID + model.' },
  { shape: 'H-LED*', brand: 'Hyundai', type: 'tv', why: 'Hyundai TVs: H-LED + size + series.' },
  { shape: 'HGTV-*', brand: 'HOLLEBERG', type: 'tv', why: 'HOLLEBERG TVs: HGTV- + panel + size.' },
  { shape: 'HTY-*', brand: 'Hartens', type: 'tv', why: 'Hartens TVs: HTY- + size + series.' },
  { shape: '~~LEX-*', brand: 'BBK', type: 'tv', why: 'BBK TVs: size + LEX- + series (43LEX-7246).' },
  { shape: 'VMP-*', brand: 'Vinga', type: 'tv', why: 'Vinga media players / TV boxes: VMP- + model.' },
  { shape: 'QWATT*', brand: 'QWATT', type: 'tv', why: 'QWATT TVs (the maker name leads some codes).' },
  { shape: 'Q~~YK-*', brand: 'QWATT', type: 'tv', why: 'QWATT TVs: Q + size + YK- + board (Q43YK-MB).' },
  { shape: 'TD~~UFB*', brand: 'Tuvio', type: 'tv', why: 'Tuvio TVs: T + panel letter + size + UFB (TD43UFBHV1).' },
  { shape: 'TQ~~UFB*', brand: 'Tuvio', type: 'tv', why: 'Tuvio QLED TVs (TQ55UFBTV1).' },
  { shape: 'MOVIE *', brand: 'IconBIT', type: 'tv', why: 'IconBIT Movie media boxes.' },
  { shape: 'TOUCAN *', brand: 'IconBIT', type: 'tv', why: 'IconBIT Toucan media boxes.' },
];

/** A family with its shape upper-cased once, for a scan without per-character case folding. */
interface Indexed {
  readonly family: CodeFamily;
  readonly shape: string;
}

/** Families by first character of the shape, for a lookup that tries only a handful. */
const BY_FIRST = new Map<string, Indexed[]>();
const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
for (const family of CODE_FAMILIES) {
  const shape = family.shape.toUpperCase();
  const first = shape.charAt(0);
  // A shape that starts with a digit or letter token is filed under every digit or letter.
  const keys = first === '#' || first === '~' ? DIGITS : first === '@' || first === '%' ? LETTERS : first;
  for (const c of keys) {
    const list = BY_FIRST.get(c);
    if (list === undefined) BY_FIRST.set(c, [{ family, shape }]);
    else list.push({ family, shape });
  }
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** {@link matchShape} on an upper-cased code and shape: char codes only, no allocation. */
function scan(code: string, shape: string): boolean {
  let i = 0;
  for (let s = 0; s < shape.length; s++) {
    const t = shape.charCodeAt(s);
    if (t === 42 /* * */) return true;
    if (t === 33 /* ! */) {
      if (i < code.length && isDigit(code.charCodeAt(i))) return false;
      continue;
    }
    if (t === 35 /* # */ || t === 64 /* @ */) {
      const test = t === 35 ? isDigit : isLetter;
      if (i >= code.length || !test(code.charCodeAt(i))) return false;
      while (i < code.length && test(code.charCodeAt(i))) i++;
    } else if (t === 126 /* ~ */ || t === 37 /* % */) {
      if (i >= code.length || !(t === 126 ? isDigit : isLetter)(code.charCodeAt(i))) return false;
      i++;
    } else {
      if (i >= code.length || code.charCodeAt(i) !== t) return false;
      i++;
    }
  }
  return i === code.length;
}

/**
 * True when `code` has the family's `shape` (see {@link CodeFamily.shape}).
 * One pass, greedy runs, no backtracking: O(code length).
 *
 * @example
 * matchShape('U30GT-H', 'U#GT*'); // true
 * matchShape('U30', 'U#GT*');     // false
 */
export function matchShape(code: string, shape: string): boolean {
  return scan(code.toUpperCase(), shape.toUpperCase());
}

/** First family whose shape fits an upper-cased code. */
function findIn(code: string): CodeFamily | undefined {
  const list = BY_FIRST.get(code.charAt(0));
  if (list === undefined) return undefined;
  for (const f of list) if (scan(code, f.shape)) return f.family;
  return undefined;
}

/**
 * The code family a model code belongs to: the whole code, else the code
 * behind its first word (a maker word: `iconBIT Movie UNO`), else its last
 * word (codes behind a product or maker word: `Technologies MC2700`).
 * Underscores count as spaces. Undefined when no family fits.
 *
 * @example
 * codeFamily('RC9724C');   // { brand: '3Q', type: 'tablet', … }
 * codeFamily('SM-R765V');  // { brand: 'Samsung', type: 'wearable', … }
 * codeFamily('K');         // undefined
 */
export function codeFamily(raw: string): CodeFamily | undefined {
  if (raw.length < 2 || raw.length > MAX_CODE) return undefined;
  // UAs write `AS1_HD` and `AS1 HD` alike; shapes use the space.
  const code = (raw.includes('_') ? raw.replaceAll('_', ' ') : raw).toUpperCase();
  const whole = findIn(code);
  if (whole !== undefined) return whole;
  const first = code.indexOf(' ');
  if (first < 0) return undefined;
  // Behind a leading maker word (`iconBIT Movie UNO`), then the last word.
  const rest = findIn(code.slice(first + 1));
  if (rest !== undefined) return rest;
  const last = code.lastIndexOf(' ');
  return last > first && last < code.length - 2 ? findIn(code.slice(last + 1)) : undefined;
}
