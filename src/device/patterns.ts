/**
 * Every regular expression of the device check, in one place so that the
 * ReDoS lint (eslint-plugin-regexp) sees them all. Each runs only on a user
 * agent capped at {@link MAX_UA_LENGTH} characters, and none nests
 * quantifiers. Written for this project from the user-agent conventions the
 * vendors document; no list is copied from another parser.
 */

/** Longest user agent we parse; longer ones are cut before any regex. The longest UA of the fixture corpora is 394 characters, and the device tokens sit in the first 300; the cap bounds ua-parser-js's cost on adversarial input. */
export const MAX_UA_LENGTH = 512;

/** C0/C1 control characters: never in a real user agent. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/u;

/** At least one letter: a UA made only of digits and punctuation is garbage. */
export const HAS_LETTER = /[a-z]/i;

/** Android WebView: `; wv)` (Android 5+) or `Version/4.0 Chrome/` (4.4 era). */
export const ANDROID_WEBVIEW = /; wv\)|\bVersion\/\d+\.\d+ Chrome\//;

/** Chrome's "Mobile" token, which Android phones send and tablets omit. */
export const MOBILE_TOKEN = /\bMobile\b/;

/** Yandex's light build for low-end phones. */
export const YANDEX_LITE = /\bYaBrowser\/\d[\d.]* \(lite\)|\bYaBrowser\/\S+ Lite\b|\bYaBrowserLite\b/i;

/** Headless and scripted browsers: automation even when isbot misses it. */
export const HEADLESS = /\bHeadlessChrome\b|\bPhantomJS\b|\bSlimerJS\b|\bheadless\b/i;

/**
 * A Sec-CH-UA brand that names an automation tool. Chromium's headless shell
 * (what Puppeteer and Playwright drive by default) brands itself
 * `HeadlessChrome` in Sec-CH-UA as in its UA; the tools that rewrite the
 * brand list to hide that sometimes leave their own name in it. Run on brand
 * names only (64 characters at most, read by CH_BRAND_ITEM).
 */
export const AUTOMATION_BRAND = /headless|phantomjs|puppeteer|playwright|selenium|webdriver/i;

/** The iOS version an in-app browser writes in its own block: Instagram's `(iPhone15,2; iOS 26_1; …`, Facebook's `FBSV/26.1`. */
export const APP_IOS_VERSION = /; iOS (\d{1,2})[_.]\d{1,2}[;_.)]|\bFBSV\/(\d{1,2})\./;

/** Strong crawler words: with these a UA stays a robot even if it looks like a human client. */
export const STRONG_BOT = /bot\b|crawl|spider|slurp|prerender|scrap|headless|googleweblight|\+https?:\/\/\S*bot|\(compatible; [^)]{0,80}\+https?:/i;

/**
 * Feed-reader apps: programs a person installs to read feeds on their own
 * computer or phone (`is_feed_reader`, `is_robot` false). The family is
 * Matomo device-detector's client type "feed reader" (its feed-reader client
 * list: Akregator, Apple PubSub, FeedDemon, Feeddler, QuiteRSS, JetBrains
 * Omea Reader, Liferea, NetNewsWire and Evergreen, the NewsBlur iPhone/iPad
 * app, Newsbeuter and Newsboat, Pulp, ReadKit, Reeder, RSS Bandit, RSS
 * Junkie, RSSOwl) plus desktop readers of the same kind (NewsFire, Vienna,
 * RssDemon); the spec lists `is_feed_reader` as a client kind of its own,
 * beside `is_robot` ("a bot or spider"). Names written here from those
 * products' own names, not copied from Matomo's patterns. Hosted and
 * self-hosted aggregators that fetch for many subscribers (Feedly, Feedbin,
 * NewsBlur's fetcher, FreshRSS, Tiny Tiny RSS, CommaFeed) are not in the
 * family: Matomo files them as bots, and those that report a subscriber
 * count are {@link MONITOR_BOT}s.
 */
export const FEED_READER =
  /\b(?:Reeder|NetNewsWire|Liferea|Akregator|ReadKit|Rss ?Bandit|Newsboat|Newsbeuter|Evergreen|FeedDemon|FeedReader|RSS ?Reader|RSSOwl|QuiteRSS|NewsFire|Vienna|RssDemon|Feeddler(?:RSS|Pro)?|Omea Reader|Apple-PubSub|RSS ?Junkie|NewsBlur (?:iPhone|iPad) App)\b|\bPulp\/\d|\bfeedreader\b/i;

/** Podcast apps and media players (Matomo's "mediaplayer" and podcast apps). */
export const MEDIA_PLAYER =
  /\b(?:podcasts?|iCatcher|Procast|Podhero|Podvine|Podverse|Podbean|Podfriend|Podchaser|PodKast|Podcast ?Addict|PodcastRepublic|Pocket ?Casts|Overcast|Castro|Castbox|Juice|Zune|MusicBee|foobar2000|mpv|VLC|Winamp|iTunes|QuickTime|AmazonMusic|Saavn|doubleTwist|ServeStream|Sonos|VictorReader|Luminary|Megaphone|HyperCatcher|hermespod|Turtlecast|Xiaoyuzhou|Airr|Adori|Sonnet|Player ?FM|AntennaPod|Stitcher|TuneIn|myTuner|NPROne\w*|Radio\.com|Audacy|GoogleChirp|Kodi|XBMC|Plex|Emby|Jellyfin|Lavf|GStreamer|Windows-Media-Player|NSPlayer|RealPlayer|AppleCoreMedia|stagefright|ExoPlayer\w*|Garmin)\b/i;

/** Download managers and torrent clients (is_downloader; human-driven). */
export const DOWNLOAD_MANAGER = /\b(?:uTorrent|BitTorrent|Transmission|qBittorrent|FDM|Free Download Manager|FileDownloader|Download ?Master|DownloadManager|IDM|Internet Download Manager|GetRight|FlashGet|aria2|JDownloader|Folx)\b/i;

/** Programmatic downloaders and HTTP libraries (is_downloader; robots). */
export const HTTP_LIBRARY = /\b(?:Wget|curl|libcurl|python-requests|python-urllib|aiohttp|httpx|Go-http-client|okhttp|Apache-HttpClient|Java\/\d|Jakarta Commons|node-fetch|axios|undici|got|Deno|Symfony HttpClient|GuzzleHttp|libwww-perl|LWP::Simple|HTTPie|PostmanRuntime|insomnia|RestSharp|libsoup|resty-requests|Google-HTTP-Java-Client|Microsoft-CryptoAPI|WinHttp|Dalvik)\b/i;

/** Link and site checkers (is_checker). */
export const CHECKER = /\b(?:check|validator|linkcheck|link-?checker|uptime|monitor\w*|pingdom|statuscake|site24x7|W3C_)/i;

/** Address harvesters and spam tools (is_spam). */
export const SPAM = /\b(?:EmailCollector|EmailSiphon|EmailWolf|ExtractorPro|WebEMailExtrac\w*|EmailHarvest\w*|Email ?Extractor|Atomic_Email_Hunter|CherryPicker|Zeus \d)/i;

/** Proxies and content filters (is_filter). */
export const FILTER = /\b(?:Squid|Privoxy|BlueCoat|Websense|FortiGuard|Zscaler|Barracuda|SonicWALL|WebWasher|K9 ?Web ?Protection|NetNanny|iBoss|Cisco ?Umbrella)\b/i;

/**
 * Desktop applications that embed a browser engine (Electron's `Electron/`
 * token) and apps' in-app browsers, by the token each app documents or
 * sends: Facebook `FBAN/`/`FBAV/`/`FB_IAB/`, `Instagram 309.…`, LinkedIn
 * `LinkedInApp/`, `[Pinterest/Android]` / `Pinterest/iOS`, `Snapchat/`, TikTok
 * `musical_ly_…`/`BytedanceWebview`, `Line/13.…`, `KAKAOTALK`, Naver
 * `NAVER(inapp`, Google Search App `GSA/`, `Twitter for Android`, WeChat
 * `MicroMessenger/`, Microsoft `Teams/`, `Slack/`,
 * `Slack_SSB/`, `discord/`, `Zoom/`, `Outlook-iOS/`, `Microsoft Office/`.
 * A person's client (is_app). Apps' link-preview fetchers name the app too
 * (`WhatsApp/2.21 A`, `Pinterest/0.2 (+http://…)`) but send no browser UA:
 * only a Mozilla-style UA with one of these tokens overrules isbot.
 */
export const EMBEDDED_APP =
  /\bElectron\/\d|\bFBA[NV]\/|\bFB_IAB\/|\bInstagram \d|\bLinkedInApp\/|\[Pinterest\/|\bPinterest\/(?:iOS|Android)|\bSnapchat\/|\bmusical_ly|\bBytedanceWebview\b|\bLine\/\d|\bKAKAOTALK\b|\bNAVER\(inapp|\bGSA\/\d|\bTwitter for (?:iPhone|iPad|Android)\b|\bMicroMessenger\/|\bWhatsApp\/\d|\bTeams\/\d|\bSlack(?:_SSB)?\/\d|\bdiscord\/\d|\bZoom\/\d|\bOutlook-(?:iOS|Android)\/|\bMicrosoft Office\//i;

/** E-ink readers (not Fire tablets, which say `Silk` or `KF…`). */
export const E_READER = /\bKindle\/\d|\bnook browser|\bKobo|\bPocketBook|\btolino|\bBOOX\b|\bOnyx\b/i;

/** Smart-TV platforms and TV browser middleware. */
export const TV = /smart-?tv|\bHbbTV|\bCE-HTML|\bNETTV|\bNETRANGE|\bGoogleTV|\bAndroid ?TV\b|\bCrKey|\bBRAVIA|\bWeb0S|\bwebOS\.TV|\bNetCast|\bVIDAA|\bRoku|\bApple ?TV|\bDTV\b|\bViera\b|\bMiBOX|\bSHIELD Android TV|\bPhilipsTV|\bsmarttv_|\bOpera TV|\bOMI\/|\bInettvBrowser|\bMaple\b|\bTizen[^;)]{0,20} TV\b|\bTV ?Box\b|\bTVBOX|\bSberBox|\bAFT[A-Z]|\bChromecast|\bFire ?TV|\bLarge Screen|\bTitanOS|\bZoomTV|\bSTB\b|\bBox ?Stream|\bIPTV\b|\bHDMI\b|\bBrightSign\/|\bTiVo\b|\bWebTV\/|\bViziOS\/|\bstbapp\b|\bMStar\b|\brtd\d{3}|\bPanasonic\.bd\.|\bAQUOS-AS\//i;

/** Set-top boxes and streaming sticks (is_set_top_box): TV category, separate box. */
export const SET_TOP_BOX = /\bSTB\b|set-?top|\bTV ?Box\b|\bTVBOX|\bChromecast|\bCrKey|\bAFT[A-Z]|\bRoku|\bApple ?TV|\bMiBOX|\bSHIELD|\bSberBox|\bDreambox|\bBox ?Stream|\bFire ?TV/i;

/** Feature-phone platforms and WAP-era browsers. */
export const FEATURE_PHONE = /\bMIDP-\d|\bCLDC-\d|\bMAUI\b|\bMRE\/|\bBREW\b|\bUP\.Browser|\bObigo|\bNetFront|\bKAIOS|WAP[- ]?Browser|\bSeries ?40|\bS40OviBrowser|\bNucleus\b|\bJ2ME|\bOpenwave|\bWAP\d|\bDoCoMo\/|\bJasmine\//i;

/** KaiOS's own version token (`KAIOS/2.5.1`): the OS, whatever else the UA says (`…; Android; rv:48.0`). */
export const KAIOS_VERSION = /\bKAIOS\/(\d{1,2}(?:\.\d{1,3}){0,3})/i;

/** KaiOS, whose Gecko UA also says `Android`: a feature phone all the same. */
export const KAIOS_TOKEN = /\bKAIOS\b/i;

/** Watches and other wearables. */
export const WEARABLE = /\bOculusBrowser\/|\bwatchOS\b|\bWatch OS\b|\bWear ?OS\b|\bApple ?Watch|\bWatch\d|\bGalaxy Watch|\bSM-R\d{3}|\bGear ?S\d|\bFitbit|\bGarmin (?:fenix|Forerunner|Venu|vivoactive)/i;

/** Smart speakers. */
export const SMART_SPEAKER = /\bEcho(?:_Dot|_Show)?\b|\bSonos\b|\bHomePod|\bAlexa\b|\bGoogle Home\b|\bNest (?:Audio|Mini)\b|\byandexstation/i;

/** Smart displays. */
export const SMART_DISPLAY = /\bEcho_Show|\bNest Hub|\bFamily ?Hub|\bPortal\b/i;

/** Game consoles and handhelds. */
export const CONSOLE = /\bPlayStation|\bXbox|\bNintendo|\bWii\b|\bPSP\b|\bSteam ?Deck|\bOUYA\b/i;

/**
 * Google's Fuchsia OS: shipped on no consumer device but the Nest Hub smart
 * displays (Nest Hub 2018 moved to Fuchsia in 2021, Nest Hub Max in 2023),
 * whose browser writes `(Fuchsia)` as its platform.
 */
export const FUCHSIA = /\(Fuchsia\)/;

/**
 * MediaTek's MRE runtime (feature phones) lists the device as
 * `DEV/<Maker>_<Model>` among its `;`-separated fields
 * (`MRE/3.1.00(1280);…;CHIP/MT6252;…;DEV/Symphony_L100;`).
 */
export const MRE_DEVICE = /\bDEV\/([A-Za-z][\w-]{1,40})/;

/**
 * TV-box system-on-chips and reference boards in an Android model code:
 * Amlogic's S905/S912/S922 (sold only for OTT boxes) and its reference
 * boards `p212`/`p281`/`q201`/`u212`, Rockchip's box SoCs RK3228/3229/3318/3328/3528
 * (Rockchip markets them for "OTT boxes"; its tablet SoCs are others), and
 * firmware model names ending `_box` (`rk3328_box`). Trusted only without
 * the `Mobile` token.
 */
export const TV_BOX_SOC = /\b(?:S9(?:05|12|22)[A-Z\d]{0,4}|RK3(?:22[89]|318|328|528)|Amlogic|[pqu]2\d\d)(?:\b|_)|_box\b/i;

/** In-car browsers. */
export const CAR = /\bTesla\b|\bCarPlay\b|\bAndroid Automotive|\bQtCarBrowser|\bPolestar/i;

/** Chromebooks running Android apps: Chrome OS, a desktop. */
export const CHROMEBOOK = /\bChromebook\b|\bCrOS\b/i;

/** Apple Macs named by an app (`(MacBookPro10%2C1)`, `Macintosh`). */
export const MAC_HARDWARE = /\bMac(?:Book(?:Pro|Air)?|mini|Pro|intosh)\b|\biMac\d|\bMac OS X\b|\bmacOS\b/i;

/** A bare iPhone / iPad / iPod token (apps), with an optional hardware id. */
export const APPLE_HARDWARE = /\b(iPhone|iPad|iPod)(?:\d{1,2}[,_]\d{1,2}|\b)/;

/** Android version as written in the UA (`Android 10`), for the reduced-UA test. */
export const REDUCED_ANDROID = /\bAndroid 1\d; K\)/;

/** An Android model token before `Build/` or `)`, used when ua-parser-js gives none. */
export const ANDROID_MODEL = /\bAndroid [\d.]{1,10}; (?:[a-z]{2}(?:[-_][a-z]{2})? ?; ?)?((?:[^;()]|\([^;()]{0,20}\)){1,60}?)(?: Build\/[^;)]{0,80})?[;)]/i;

/** Trailing noise on model codes: `Build/…`, `_TD`, `MIUI/…`. */
export const MODEL_NOISE = / (?:Build[/ ]|UP\.Browser|MIUI\/).*$| Build$/;

/** Brand prefixes that ua-parser-js leaves in the model code (`SAMSUNG SM-A515F`). */
export const BRAND_PREFIX = /^(?:samsung|lenovo|xiaomi|huawei|honor|oppo|vivo|realme|motorola|asus|lg|sony|htc|nokia|zte|alcatel|tcl|tecno|infinix|itel|meizu|oneplus)[\s_-]+/i;

/** Numbers inside a version string. */
export const VERSION_MAJOR = /^(\d{1,6})/;

/** `"Brand";v="1.2"` items of Sec-CH-UA / Sec-CH-UA-Full-Version-List. */
export const CH_BRAND_ITEM = /"([^"]{1,64})"\s{0,4};\s{0,4}v\s{0,4}=\s{0,4}"([^"]{0,32})"/g;

/** One quoted structured-header string (`"Windows"`). */
export const CH_QUOTED = /^\s{0,8}"([^"]{0,128})"\s{0,8}$/;

/** Package names in X-Requested-With (`com.facebook.katana`). */
export const PACKAGE_NAME = /^[a-z]\w{0,60}(?:\.\w{1,60}){1,8}$/i;

/** Java ME handsets (MIDP profile) with no other OS named. */
export const JAVA_ME = /\bMIDP-\d|\bJ2ME\b|\bCLDC-\d/i;

/** MediaTek's MRE runtime on feature phones. */
export const MRE = /\bMRE\/\d/;

/** Qualcomm BREW handsets. */
export const BREW = /\bBREW\b/i;

/** Windows RT / CE as ua-parser-js versions of "Windows". */
export const WINDOWS_SPECIAL_VERSION = /^(RT|CE)\b/;

/** Apple hardware in a Darwin/CFNetwork UA from a Mac app (`(MacBookPro10%2C1)`, `(x86_64)`). */
export const DARWIN_MAC = /\bDarwin\/\d{1,3}(?:\.\d{1,3}){0,2} \((?:x86_64|i386|arm64)\)|\((?:MacBook|MacBookPro|MacBookAir|iMac|Macmini|MacPro)\d/i;

/** Numeric iOS/Android versions: the major part. */
export const MAJOR_MINOR = /^(\d{1,4})(?:\.(\d{1,4}))?/;

/** Tokens an Android UA puts where a model would be that are not models. */
export const NOT_A_MODEL = /^(?:Linux|Mobile|wv|Android|Build|Tablet|Phone|unknown|generic|x86_64|armv\d\w*|aarch64|arm|arm64|[a-z]{2}[-_][a-z]{2}|\w)$/i;

/** Apps that send only a device name (`iPhone15ProMax`) or UC's `dv(iPh10,3)` format. */
export const APPLE_DEVICE_ONLY = /^(?:iPhone|iPad|iPod)\w{0,24}$|^dv\(iP[hao]\d/;

/** Device-class evidence strong enough that isbot's "not a browser" verdict is overruled. */
export const HUMAN_DEVICE = /chromeframe\/|\bserver-bag \[Watch OS|\bnook browser|\bspotify_\w+|\bOutcast\b|\bVictorReader|\bCitrixReceiver\b|^(?!Mozilla\/)[\w.-]{1,40}\/[\d.]{1,15} \(Linux; (?:U; )?Android [\d.]{1,10};|^(?:com|net|org)\.\w+\.[\w.]+$/i;

/**
 * Desktop systems that no crawler fleet runs on: an agent naming one in its
 * platform comment is a person's browser there (RISC OS's Browse, NetSurf and
 * Fresco; AmigaOS's IBrowse and AWeb; Haiku's WebPositive), whatever token
 * isbot matched (Acorn Browse sends `Acorn-HTTP/0.84`).
 */
export const HOBBY_DESKTOP_OS = /\b(?:RISC OS|AmigaOS|MorphOS|BeOS|Haiku)\b/;

/**
 * An app build named for the consumer platform it was built for
 * (`Mimir-macOS/1.7.2`, `Overcast-iOS/2024.1`, `Podcini-Android/6.2`): shops'
 * app binaries that people run, not fleet software. isbot flags them for their
 * bare `name/version` shape alone.
 */
export const PLATFORM_APP_BUILD = /^[A-Za-z][\w.]{0,40}-(?:macOS|iOS|iPadOS|Android|watchOS|tvOS|visionOS)\/\d/;

/** UCWEB's Android token (`Adr 4.2.2`) and the model after the locale. */
export const UC_ANDROID = /\bAdr (\d{1,2}(?:\.\d{1,2}){0,2})/;
export const UC_MODEL = /\bAdr [\d.]{1,10}; ?[a-z]{2}(?:-[a-z]{2,4})?; ?([^;)]{2,40})\)/i;

/** iOS named by apps: `iOS11.40`, `(iOS)`, `iOS 16.1.1`, `iOS/16.0`. */
export const APP_IOS = /\biOS[ /]?(\d{1,2}(?:[._]\d{1,2}){0,2})\b|\(iOS\)/;

/** watchOS named by apps (`watchOS 11.4`) or an Apple Watch app. */
export const APP_WATCHOS = /\bwatchOS (\d{1,2}(?:\.\d{1,2}){0,2})|\bApple Watch\b/;

/** macOS named by apps: `Mac OS/11.0.1`, `os=Mac 10.3.9`, PowerPC Macs, Safari's own CFNetwork agent. */
export const APP_MAC = /\bMac OS\/(\d{1,2}(?:\.\d{1,2}){0,2})|\bos=Mac\b|\bPower(?: |%20)?Macintosh|\bPowerMac\d|\bPowerBook\d|^Safari\/?\d/;

/** Windows named by apps and toolkits: `win10 x64`, `CYGWIN_NT-5.1`, `(Windows; …)`. */
export const APP_WINDOWS = /\bwin(?:10|11|7|8|32|64)\b|\bCYGWIN_NT|\bWindows\b/i;

/** Android's built-in HTTP stack. */
export const DALVIK = /^Dalvik\/\d/;

/** Mac Safari's own background agent (`Safari/9537.75.14 CFNetwork/…`). */
export const SAFARI_CFNETWORK = /^Safari\/?\d[\d.]* CFNetwork\//;

/** Browser products ua-parser-js does not name (or names by the engine), by their own token. */
export const EXTRA_BROWSER = /\b(QtWebEngine|DuckDuckGo|YaBrowser|YandexSearch|MZBrowser|Mint Browser|AlohaBrowser|IceDragon|Ecosia|LG Browser|MAUI|WAP[ _]Browser|Tizen|NokiaBrowser|BrowserNG|CoolNovo|SznProhlizec|Odin|TV Bro|Odd)\/?/;

/** A brand word at the start of a feature-phone UA or an Android model token (`SAMSUNG-SGH-Z100`, `LG-P929`, `SonyEricssonW200i`, `MOT-EX119`). */
export const BRAND_TOKEN =
  /(?:^|[\s;(/])(SAMSUNG|LGE?|HUAWEI|HTC|MOT|SonyEricsson|Sony|Nokia|ZTE|Lenovo|ALCATEL|Micromax|Pantech|Sharp|SIE|Siemens|Kyocera|Sanyo|BlackBerry|Philips|Sagem|Haier|Hisense|Coolpad|Gionee|Lava|Karbonn|Spice|Celkon|Intex|Prestigio|Archos|Acer|Asus|Dell|Toshiba|Fly|Xiaomi|Meizu|OPPO|vivo|OnePlus|TCL|Motorola|Vodafone|Panasonic|NEC|Amoi|Zopo|THL|Doogee|Blackview|Ulefone|Oukitel|Cubot|Umidigi|Infinix|TECNO|itel|Wiko|Allview|Digma|DEXP|Irbis|teXet|Mediacom|Odys|Yarvik|iBall|Kivi|BLU|Energizer|Doro|Yota|Verykool|Videocon|Ginzzu|Hyundai|Cube|Ktouch|K-Touch|iMobile|i-mobile|Coby|DoCoMo|Polaroid|sprd|KWC|KDDI|Phicomm|Bird|BQ)(?:[-_ /]|(?=\d|[A-Z]{1,2}\d))([A-Z0-9][\w.+-]{0,30})?/i;

/** Digits only, or a version: never a model. */
export const VERSION_LIKE = /^\d+(?:\.\d+)*$/;

/** Anything but a-z and 0-9 (brand comparison). */
export const NON_ALNUM = /[^a-z0-9]/g;

/** Sony Ericsson handsets name themselves so; ua-parser-js reports Sony. */
export const SONY_ERICSSON = /SonyEricsson/i;

/** Apple hardware identifiers apps put in the UA (`iPhone14,7`, `FBDV/iPad4,1`, `MacBookAir4%2C2`). */
export const APPLE_ID = /(?:\b|_)((?:iPhone|iPad|iPod|Watch|MacBookAir|MacBookPro|MacBook|iMacPro|iMac|Macmini|MacPro|Mac)\d{1,2})(?:,|%2C|_)(\d{1,2})\b/;

/** KaiOS / Firefox OS handsets: `(Mobile; ALCATEL 4052C; rv:48.0)`, `(Mobile; LYF/F90M/…; Android; rv:48.0)`. */
export const KAIOS_MODEL = /\(Mobile; ([^;)/]{2,40})(?:\/([^;)/]{2,40}))?(?:\/[^;)]{0,60})?; ?(?:Android; ?)?rv:/;

/** `Ericsson` left at the start of a model code after ua-parser-js took `Sony` as the vendor. */
export const ERICSSON_PREFIX = /^Ericsson/i;

/** Model names of TV sets and Android TV boxes (MStar "Shell" TV platforms, DVB receivers, box families). */
export const TV_MODEL = /\bTV\b|TV ?Box|\bBox\b|\bSTB\b|DVB|(?:\b|_)Shell(?:\b|_)|\bATV\b|\bDTV|\bUHD\b|\bX96(?!\d)|\bH96(?!\d)|\bT95(?!\d)|\bMXQ|\bM8S|\bA95X|\bBeelink|\bUgoos|\bZidoo|\bMiBOX|\bMagicBox|\bSmart ?Box|\bAndroid ?TV|LED\d{2}|UHD|[_-]box\b|\bFormuler|\bTanix|\bVontar/i;

/** Model names of tablets. */
export const TABLET_MODEL = /(?:Pad|Tab)(?:[\s_-]?\d|\b)|\bTablet|\bMID[-_ ]?\d|MediaPad|MatePad|^TB-|^SM-[PTX]\d{3}/i;

/** Model names of watches and headsets. */
export const WEARABLE_MODEL = /watch|\bGear\b|\bQuest\b|\bMobile VR\b|\bPico\b|\bMoto 360\b/i;

/**
 * Media-box names, trusted only on a UA without the `Mobile` token: a box
 * word glued to a name (`MyBox`, `OPENBOX`; `Xbox` excluded) or a `4K` word
 * (`EPICO 4K`, `AS4K`; phones named `era 4K` send `Mobile`).
 */
export const MEDIA_BOX_MODEL = /(?:[a-z]Box|[A-WYZ]BOX)\b|(?:\b|[A-Z]{2})4[Kk]\b/;

/**
 * Phone product lines sold as large-screen phones (phablets): Galaxy Note,
 * Redmi/Mi/Infinix/Meizu Note, the foldables (Z Fold, Z Flip, X Fold, Mix
 * Fold), Galaxy Grand and Mega, phone-tablets (Fonepad, PhonePad, Phab).
 * Applied only to a device already known to be a phone. The specs table's
 * diagonal cannot make this call: in the Matomo corpus phablets run from
 * 5.99" to 7.6" and smartphones from 5.45" to 6.81" (docs/device.md).
 */
export const PHABLET_LINE = /\bNote ?\d{0,2}\b|\bFold\b|\bZ ?Flip\b|\bFlip ?\d\b|\bGrand(?: ?\d)?\b|\bXperia (?:[A-Z]\d? )?Ultra\b|\bOne max\b|\bMega\b|\bPhab|\bFonepad|\bPhonePad|\bLumia \d{3} XL\b/i;

/**
 * Devices of the spec's `peripheral` category named in an Android UA:
 * projectors, single-board computers, point-of-sale terminals.
 */
export const PERIPHERAL_MODEL = /Projector|\bProj[A-Z]\d|\bRaspberry ?Pi|\bODROID|\bTinker ?Board|\bOrange ?Pi|\bBanana ?Pi|\b(?:SMART|WIZAR|W|M)?POS(?:\b|[-_\d])/i;

/** Separators between the words of a model code. */
export const CODE_WORD_SEPARATOR = /[\s_-]/;

/** Windows Phone's maker and model after IEMobile (`IEMobile/9.0; SAMSUNG; OMNIA 7)`). */
export const WINDOWS_PHONE_MODEL = /IEMobile\/[\d.]{1,10};(?: ARM;)?(?: Touch;)? ?([^;)]{2,30}); ?([^;)]{2,40})[;)]/;

/** HbbTV's `(;vendor;model;…)` device block. */
export const HBBTV_MODEL = /HbbTV\/[\d.]{1,10} \([^;)]{0,40}; ?([^;)]{2,30}); ?([^;)]{2,40});/;

/** i-mode handsets: `DoCoMo/2.0 F07B(c500;…)`. */
export const DOCOMO_MODEL = /^DoCoMo\/\d\.\d[ /]([A-Z0-9]{3,10})/;

/**
 * Lumia phones outside the IEMobile block: Windows 10 Mobile's Edge and the
 * `WPDesktop` mode write `…; Lumia 640 XL Dual SIM)` with no maker field.
 * Group 1: the model number.
 */
export const LUMIA_MODEL = /\bLumia[ _](\d{3,4})\b[^;)]{0,24}/;

/**
 * Monitors and tools that look like a device but always act for a machine:
 * WeChat's developer-tools simulator, Catchpoint, site auditors, feed
 * fetchers that report their subscriber count. Robots even where the word
 * sits in the model field of an Android UA.
 */
export const MONITOR_BOT = /wechatdevtools|\bcatchpoint\b|\bsite audit\b|\bsubscribers?\b/i;

/**
 * Android package names of TV apps (`X-Requested-With`): a `tv` segment past
 * the first (`com.tv.browser.open`) or a name made for TVs
 * (`com.internet.tvbrowser`, `com.aospstudio.tvsearch`). A leading `tv.` is a
 * media company's domain (`tv.twitch.android.app`), not a TV.
 */
export const TV_APP_PACKAGE = /\.tv(?:\.|$)|\.\w{0,20}tv(?:browser|search|launcher|home)\b/i;

/** UC Browser for iOS's own agent: `dv(iPh10,3);pr(UCBrowser/…);ov(15_4_1);ss(375x812);…`. */
export const UC_IOS_DEVICE = /^dv\(iP([hao])(\d{1,2}),(\d{1,2})\)/;
/** Its OS version field: `ov(15_4_1)`. */
export const UC_IOS_OS = /;ov\((\d{1,2}(?:_\d{1,2}){0,2})\)/;

/** A header line logged or sent as the value: `User-Agent: Mozilla/5.0 …`. */
export const HEADER_NAME_PREFIX = /^\s*user-agent\s*:\s*/i;

/** Sonos players: `Sonos/61.1-83170 (ZPS1)`. */
export const SONOS_MODEL = /\bSonos\/[\d.-]{1,20} \(([A-Z0-9]{2,12})\)/;

/** Facebook's in-app UA names the hardware: `FBDV/HP Pavilion dv6 Notebook PC;`. */
export const FB_DEVICE = /\bFBDV\/([^;\]]{2,60})[;\]]/;

/** Tizen devices name the model after the OS version: `(Linux; Tizen 4.0; SAMSUNG SM-R765V)`. */
export const TIZEN_MODEL = /\bTizen [\d.]{1,12}; ([^;)]{2,40})\)/;

/** TV middleware's `Vendor/THOMSON;` field. */
export const VENDOR_FIELD = /\bVendor\/([A-Za-z][\w ]{1,20});/;

/** Laptop product lines (Android-on-laptop builds and Facebook's FBDV name them): desktop. */
export const LAPTOP_LINE = /^(?:Aspire|TravelMate|Latitude|Inspiron|Vostro|XPS|ThinkPad|IdeaPad|Pavilion|EliteBook|ProBook|Spectre|Envy|ZenBook|VivoBook|Satellite|Tecra|Portege|MacBook|Chromebook|Surface Laptop)\b/i;

/**
 * TV model numbers lead with the screen size in inches (22–89), then the
 * series letters and a number: `55NM6000U`, `H43PU2303`, `LD-55SU8815BS`.
 * Case-sensitive: phone codes with lower-case letters (`K33a48`) are not TVs.
 * A hyphen may split letters and number (`50LEX-8173`).
 */
export const TV_MODEL_NUMBER = /(?:^|[_\s-])[A-Z]{0,3}(?:2[2-9]|[3-8]\d)[A-Z]{1,4}-?\d{2,5}/;

/** iPadOS named by apps: `iPadOS/16.7.4`. */
export const APP_IPADOS = /\biPadOS[ /]?(\d{1,2}(?:\.\d{1,2}){0,2})/;

/** A bare `iOS` word in an app's name or token: `Podverse/iOS`, `Goodpods.iOS`, `Podfriend 2.0 ios`. */
export const APP_IOS_WORD = /(?:^|[./ ])iOS(?:\b|-)/i;

/** Darwin without hardware on a Mac: `x86_64-apple-darwin22`, `Juice/2.2 (Darwin)`. */
export const APP_DARWIN_MAC = /\bapple-darwin|\(Darwin\)/;

/** TV firmwares that write Android as `Andr0id 11`. */
export const ANDR0ID = /\bAndr0id (\d{1,2}(?:\.\d{1,2}){0,2})/;

/** Vizio's SmartCast OS: `ViziOS/1.4.512`. */
export const VIZIOS = /\bViziOS\/(\d{1,3}(?:\.\d{1,4}){0,3})/;

/**
 * Operator and firmware tails on model codes: `SGH-F700-Vodafone`,
 * `E2100C_CMCC`, `HTC_0P3Z11/1.12.161.3`, `Desire HD 1.39.161.1`,
 * `GT-I9105P-ORANGE/I9105PXXAMD1`.
 */
export const MODEL_TAIL = /(?:[-_](?:Vodafone|ORANGE|BOUYGUES|CMCC|SFR|BST|TMO))?(?:\/[\d.]{1,20}|\/[A-Z0-9]{8,24}| \d{1,3}(?:\.\d{1,5}){2,4})?$/i;

/** Facebook's desktop app: `FBDV/WindowsDevice;FBMD/K50IN;` names the model in FBMD. */
export const FB_MODEL = /\bFBMD\/([^;\]]{2,40})[;\]]/;

/** End of the model after a leading maker word in a non-Mozilla UA (`A150` in `BIRD.A150 …`, `K750i` in `SonyEricssonK750i/R1`). */
export const BRAND_REST_END = /[\s/;()]/;


/**
 * The Android model in UAs that lost their parentheses
 * (`Mozilla/5.0 Linux; Android 8.1.0; Ulefone_S1_Pro AppleWebKit/537.36 KHTML, like Gecko …`):
 * the field before ` AppleWebKit/`, at most 60 characters.
 */
export const ANDROID_MODEL_BARE = /\bAndroid [\d.]{1,10}; (?:[a-z]{2}[-_][a-z]{2}; )?([^;()]{2,60}?)(?: Build\/[^;)\s]{0,80})?;? AppleWebKit\//i;
