// Real user-agent strings as they reach the open pixel, the click redirect and the play report,
// for the unit tests of the user-agent adapter and the machine rules. Where each comes from is
// noted beside it. "device-detector fixtures" is the test data of matomo-org/device-detector
// (Tests/Parser/Client/fixtures/pim.yml), the project node-device-detector ports.
export const REAL_AGENTS = {
  // Google's image proxy fetches every image of a Gmail message (Gmail, "Images now showing", 2013).
  gmailProxy: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
  // Yahoo's image proxy, the page in the agent is Yahoo's own help page about it.
  yahooProxy: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html',
  // Apple Mail Privacy Protection's prefetch from Apple's network (Apple, "Mail Privacy Protection").
  applePrefetch: 'Mozilla/5.0',
  // WebKit's standard agent (Source/WebCore/platform/mac and ios, UserAgent*.mm: macOS frozen at
  // 10_15_7, AppleWebKit/605.1.15, "Mobile/15E148" on iOS); Apple Mail adds no name of its own.
  appleMailMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)',
  appleMailIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  appleMailIphone18: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  appleMailIpad: 'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  // Outlook for Windows (Microsoft 365), the form of the device-detector fixture below with its OS.
  outlookWindows: 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)',
  // device-detector fixtures: Outlook for Windows, the Office product first.
  outlookWindowsOfficeFirst: 'Microsoft Office/16.0 (Microsoft Outlook 16.0.12329; Pro), Mozilla/4.0 (compatible; ms-office; MSOffice 16)',
  // The agent of issue 15 (its build number written out): the detector alone says Microsoft Office.
  outlookWindowsMsOffice: 'Mozilla/4.0 (compatible; ms-office; MSOffice 16) Microsoft Outlook 16.0.17928; Pro',
  // Office's own token alone, listed as Outlook's in public open-tracking allow-lists on GitHub.
  outlookWindowsOfficeToken: 'Mozilla/4.0 (compatible; ms-office; MSOffice 16)',
  // Outlook 2016 and later rendering with Word's engine: the MSIE 7 compatible agent plus Outlook's
  // token (the 14.0 form of it is a device-detector fixture).
  outlookWindowsLegacy:
    'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 10.0; WOW64; Trident/7.0; .NET4.0C; .NET4.0E; .NET CLR 2.0.50727; .NET CLR 3.0.30729; .NET CLR 3.5.30729; Microsoft Outlook 16.0.5378; ms-office; MSOffice 16)',
  // device-detector fixtures: Outlook 2010.
  outlook2010:
    'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.1; Win64; x64; Trident/7.0; .NET CLR 2.0.50727; SLCC2; .NET CLR 3.5.30729; .NET CLR 3.0.30729; Media Center PC 6.0; .NET4.0C; InfoPath.3; .NET CLR 1.1.4322; FDM; Tablet PC 2.0; .NET4.0E; Microsoft Outlook 14.0.7113; ms-office; MSOffice 14)',
  // The new Outlook for Windows: Edge's WebView2 agent with "OneOutlook/<build>" (seen in public
  // server logs and open-tracking code on GitHub).
  newOutlook:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36 Edg/136.0.0.0 OneOutlook/1.2025.516.400',
  // Outlook for Mac (the form of the device-detector fixture "MacOutlook/16.46.21021202 ...").
  outlookMac: 'MacOutlook/16.78.23100802 (Intelx64 Mac OS X 13.5.2 (Build 22G91))',
  // device-detector fixtures: Outlook for Mac through Apple's networking stack.
  outlookMacCfNetwork: 'Outlook/16.16.18071205 CFNetwork/902.1 Darwin/17.7.0 (x86_64)',
  // device-detector fixtures: Outlook for iOS.
  outlookIos: 'Outlook-iOS/709.2042344.prod.iphone (3.21.0)',
  // Outlook for Android's own agent (Exchange Online's audit logs: "Client=OutlookService;Outlook-Android/2.0").
  outlookAndroid: 'Outlook-Android/2.0',
  // device-detector fixtures: the Yahoo Mail apps on iOS.
  yahooMailIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_3_1 like Mac OS X) AppleWebKit/534.46 (KHTML, like Gecko) Mobile/9B176 YJApp-IOS jp.co.yahoo.ymail/7.4.1',
  yahooMailIosNetwork: 'Yahoo%20Mail/49268 CFNetwork/1121.2.2 Darwin/19.3.0',
  // Thunderbird: Gecko's agent format with the application token (MDN, "User-Agent"; Thunderbird
  // 115 ESR on Windows, 128 ESR on macOS).
  thunderbird: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Thunderbird/115.5.0',
  thunderbirdMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Thunderbird/128.5.0',
  // device-detector fixtures: Thunderbird on Linux with the Lightning calendar.
  thunderbirdLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:24.0) Gecko/20100101 Thunderbird/24.4.0 Lightning/2.6.4',
  // Windows Mail on Windows 10 and 11: the EdgeHTML WebView agent (user-agents.net lists it).
  windowsMail: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; WebView/3.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
  // device-detector fixtures: Windows 8.1 Mail.
  windowsMail81: 'WindowsMail/17.5.9600.22013',
  // Samsung Email shows mail in Android's System WebView: the WebView agent ("; wv)", "Version/4.0",
  // Chrome's docs on Android user agents) and nothing of its own, so it reads as a WebView.
  samsungEmail:
    'Mozilla/5.0 (Linux; Android 14; SM-S928B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36',
  // Samsung Internet (Samsung's "Samsung Internet user agent string" format).
  samsungInternet:
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  // Spark for iPhone shows mail in a WKWebView; we know of no token it adds, so it reads as WebKit's
  // standard agent, the same as Apple Mail (the report cannot tell them apart).
  sparkIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  // Superhuman runs in Chrome (or its Chromium desktop shell): Chrome's reduced agent (Chromium's
  // "User-Agent Reduction": minor versions 0.0.0, macOS frozen at 10_15_7).
  superhumanChromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  // device-detector fixtures: desktop mail apps with their own token.
  emClient: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/55.0.2883.87 Safari/537.36 eM Client/8.2.1659.0',
  mailspring: 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Mailspring/1.7.4 Chrome/69.0.3497.128 Electron/4.2.2 Safari/537.36',
  mailbird: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/51.0.2704.103 Safari/537.36 Mailbird/2.4.30.0/',
  blueMail: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BlueMail/0.10.31 Chrome/61.0.3163.100 Electron/2.0.18 Safari/537.36',
  airmail: 'Airmail 1.4 rv:238 (Macintosh; Mac OS X 10.9.2; hr_HR)',
  // Browsers, for webmail and the viewer page (the vendors' documented formats: Chromium's reduced
  // agent, Microsoft's "Detect Microsoft Edge from your website", MDN for Firefox and Safari).
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  // Security gateways and bots.
  barracuda: 'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))',
  mimecast: 'Mimecast URL Protect',
  // Proofpoint's URL Defense fetches with an ordinary (old) browser agent from its own networks.
  proofpointLike: 'Mozilla/5.0 (Windows NT 6.1; WOW64; rv:40.0) Gecko/20100101 Firefox/40.1',
  curl: 'curl/8.4.0',
  // Google's documented Googlebot agent.
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
} as const;

export type AgentName = keyof typeof REAL_AGENTS;

// What the reports should show for each mail client and browser agent above (a person's, never a
// machine's): node-device-detector's device type, the OS, and the client as a marketer names it.
// The Gmail and Yahoo proxies tell nothing but the mailbox provider.
export const EXPECTED_AGENTS: [name: string, agent: AgentName, expected: { deviceType: string | null; platform: string | null; client: string | null }][] = [
  ['Apple Mail on macOS', 'appleMailMac', { deviceType: 'desktop', platform: 'Mac', client: 'Apple Mail' }],
  ['Apple Mail on iPhone (iOS 17)', 'appleMailIphone', { deviceType: 'smartphone', platform: 'iOS', client: 'Apple Mail' }],
  ['Apple Mail on iPhone (iOS 18)', 'appleMailIphone18', { deviceType: 'smartphone', platform: 'iOS', client: 'Apple Mail' }],
  ['Apple Mail on iPad', 'appleMailIpad', { deviceType: 'tablet', platform: 'iPadOS', client: 'Apple Mail' }],
  ['Outlook for Windows', 'outlookWindows', { deviceType: 'desktop', platform: 'Windows', client: 'Outlook' }],
  ['Outlook for Windows (Office product first)', 'outlookWindowsOfficeFirst', { deviceType: 'desktop', platform: 'Windows', client: 'Outlook' }],
  ['Outlook for Windows (ms-office agent)', 'outlookWindowsMsOffice', { deviceType: 'desktop', platform: 'Windows', client: 'Outlook' }],
  ["Outlook for Windows (Office's token alone)", 'outlookWindowsOfficeToken', { deviceType: 'desktop', platform: 'Windows', client: 'Outlook' }],
  ["Outlook for Windows (Word's engine)", 'outlookWindowsLegacy', { deviceType: 'desktop', platform: 'Windows', client: 'Outlook' }],
  ['Outlook 2010', 'outlook2010', { deviceType: 'desktop', platform: 'Windows', client: 'Outlook' }],
  ['the new Outlook for Windows', 'newOutlook', { deviceType: 'desktop', platform: 'Windows', client: 'Outlook' }],
  ['Outlook for Mac', 'outlookMac', { deviceType: 'desktop', platform: 'Mac', client: 'Outlook' }],
  ['Outlook for Mac (CFNetwork)', 'outlookMacCfNetwork', { deviceType: 'desktop', platform: 'Mac', client: 'Outlook' }],
  ['Outlook for iOS', 'outlookIos', { deviceType: 'smartphone', platform: 'iOS', client: 'Outlook' }],
  ['Outlook for Android', 'outlookAndroid', { deviceType: null, platform: 'Android', client: 'Outlook' }],
  ['the Gmail image proxy', 'gmailProxy', { deviceType: null, platform: null, client: 'Gmail' }],
  ['the Yahoo image proxy', 'yahooProxy', { deviceType: null, platform: null, client: 'Yahoo Mail' }],
  ['the Yahoo Mail app on iPhone', 'yahooMailIos', { deviceType: 'smartphone', platform: 'iOS', client: 'Yahoo Mail' }],
  ['the Yahoo Mail app on iPhone (CFNetwork)', 'yahooMailIosNetwork', { deviceType: null, platform: 'iOS', client: 'Yahoo Mail' }],
  ['Thunderbird on Windows', 'thunderbird', { deviceType: 'desktop', platform: 'Windows', client: 'Thunderbird' }],
  ['Thunderbird on macOS', 'thunderbirdMac', { deviceType: 'desktop', platform: 'Mac', client: 'Thunderbird' }],
  ['Thunderbird on Linux', 'thunderbirdLinux', { deviceType: 'desktop', platform: 'GNU/Linux', client: 'Thunderbird' }],
  ['Windows Mail', 'windowsMail', { deviceType: 'desktop', platform: 'Windows', client: 'Windows Mail' }],
  ['Windows 8.1 Mail', 'windowsMail81', { deviceType: 'desktop', platform: 'Windows', client: 'Windows Mail' }],
  ['Samsung Email (a WebView)', 'samsungEmail', { deviceType: 'smartphone', platform: 'Android', client: 'Chrome Webview' }],
  ['Samsung Internet', 'samsungInternet', { deviceType: 'smartphone', platform: 'Android', client: 'Samsung Browser' }],
  ['Spark on iPhone (WebKit, as Apple Mail)', 'sparkIphone', { deviceType: 'smartphone', platform: 'iOS', client: 'Apple Mail' }],
  ['Superhuman in Chrome on macOS', 'superhumanChromeMac', { deviceType: 'desktop', platform: 'Mac', client: 'Chrome' }],
  ['eM Client', 'emClient', { deviceType: 'desktop', platform: 'Windows', client: 'eM Client' }],
  ['Mailspring', 'mailspring', { deviceType: 'desktop', platform: 'Windows', client: 'Mailspring' }],
  ['Mailbird', 'mailbird', { deviceType: 'desktop', platform: 'Windows', client: 'Mailbird' }],
  ['BlueMail', 'blueMail', { deviceType: 'desktop', platform: 'Windows', client: 'BlueMail' }],
  ['Airmail', 'airmail', { deviceType: 'desktop', platform: 'Mac', client: 'Airmail' }],
  ['Chrome on Windows', 'chromeWindows', { deviceType: 'desktop', platform: 'Windows', client: 'Chrome' }],
  ['Edge on Windows', 'edgeWindows', { deviceType: 'desktop', platform: 'Windows', client: 'Microsoft Edge' }],
  ['Firefox on Windows', 'firefoxWindows', { deviceType: 'desktop', platform: 'Windows', client: 'Firefox' }],
  ['Safari on macOS', 'safariMac', { deviceType: 'desktop', platform: 'Mac', client: 'Safari' }],
  ['Safari on iPhone', 'safariIphone', { deviceType: 'smartphone', platform: 'iOS', client: 'Mobile Safari' }],
  ['Chrome on Android', 'chromeAndroid', { deviceType: 'smartphone', platform: 'Android', client: 'Chrome Mobile' }],
];
