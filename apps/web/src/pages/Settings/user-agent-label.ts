/**
 * A browser and system a person recognises ("Firefox", "Windows") from a User-Agent header, for the
 * own sessions list. Only the common ones: anything else is shown as an unknown browser, with the
 * header itself at hand (the card's title).
 */
export interface DescribedAgent {
  browser: string;
  system: string | undefined;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^python-requests\//, 'Python requests'],
  [/^node\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows NT\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): DescribedAgent | undefined {
  if (!userAgent) return undefined;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return undefined;
  return { browser, system: SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] };
}
