/**
 * Whether this browser can take Web Push, told apart from what it shows (no browser calls here, so
 * it is tested with plain values). iPhone and iPad Safari take push only from a web app added to
 * the home screen (iOS 16.4+): there the page explains how to install instead of a button that
 * cannot work.
 */
export type PushSupport = 'supported' | 'install' | 'unsupported';

export interface PushEnvironment {
  userAgent: string;
  /** navigator.maxTouchPoints: an iPad asks for the desktop site and says "Macintosh". */
  maxTouchPoints: number;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  /** navigator.standalone (iOS) or display-mode: standalone. */
  standalone: boolean;
}

export function isIos(env: Pick<PushEnvironment, 'userAgent' | 'maxTouchPoints'>): boolean {
  if (/iPhone|iPad|iPod/.test(env.userAgent)) return true;
  return /Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1;
}

export function pushSupport(env: PushEnvironment): PushSupport {
  const capable = env.hasServiceWorker && env.hasPushManager && env.hasNotification;
  if (isIos(env)) {
    if (!env.standalone) return 'install';
    // Installed but without PushManager: an iOS older than 16.4.
    return capable ? 'supported' : 'unsupported';
  }
  return capable ? 'supported' : 'unsupported';
}

/** This browser's environment. */
export function currentEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
  };
}
