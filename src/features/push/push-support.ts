/**
 * What this browser can do about Web Push: 'ready' (it can subscribe),
 * 'home-screen' (an iPhone or iPad outside the home screen app: iOS 16.4+ lets
 * only a web app added to the home screen receive pushes) or 'unsupported'.
 */
export type PushSupport = 'ready' | 'home-screen' | 'unsupported'

type Environment = {
  userAgent: string
  maxTouchPoints: number
  isStandalone: boolean
  hasPush: boolean
}

function currentEnvironment(): Environment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator
  const standalone =
    typeof window !== 'undefined' &&
    (window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (nav as (Navigator & { standalone?: boolean }) | undefined)?.standalone === true)
  return {
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    isStandalone: standalone,
    hasPush:
      typeof window !== 'undefined' &&
      !!nav &&
      'serviceWorker' in nav &&
      'PushManager' in window &&
      'Notification' in window,
  }
}

/** iPhone, iPad, or an iPad that says it is a Mac (it has a touch screen). */
export function isAppleMobile(env: Pick<Environment, 'userAgent' | 'maxTouchPoints'>): boolean {
  return (
    /iPhone|iPad|iPod/.test(env.userAgent) ||
    (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1)
  )
}

export function pushSupport(env: Environment = currentEnvironment()): PushSupport {
  if (isAppleMobile(env) && !env.isStandalone) return 'home-screen'
  return env.hasPush ? 'ready' : 'unsupported'
}

/** A short label for this browser, as the device list shows it ("Chrome on Android"). */
export function browserLabel(userAgent: string = currentEnvironment().userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /SamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser'
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /iPad/.test(userAgent)
        ? 'iPad'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /CrOS/.test(userAgent)
              ? 'ChromeOS'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : ''
  return system ? `${browser} on ${system}` : browser
}
