import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * New orders announced while a console is open (/admin, /staff/orders): the console asks the
 * server for the orders of the last minutes every few seconds (see docs/decisions.md, "New orders
 * announced"); this tells new ones from those already seen, chimes and shows a browser
 * notification. Shared by the back office and the staff console, which each bring their own
 * query and words.
 */

/** What an announcement needs of an order (the `recentOrder` of the contract). */
export type AnnouncedOrder = {
  uid: string;
  number: number;
  place: { name: string };
  total: string;
  coin_total: number;
  shipping_type: 'delivery' | 'pickup';
};

/**
 * The orders of an answer nobody saw yet, and the seen set after it. The first answer only
 * fills the set: what was there when the console opened is not news.
 */
export function unseenOrders<T extends { uid: string }>(
  seen: ReadonlySet<string> | null,
  results: readonly T[],
): { fresh: T[]; seen: Set<string> } {
  const next = new Set(results.map((r) => r.uid));
  if (!seen) return { fresh: [], seen: next };
  // Orders older than the server's window leave the answer; the set keeps only what it lists.
  return { fresh: results.filter((r) => !seen.has(r.uid)), seen: next };
}

let audio: AudioContext | null = null;

/**
 * The page's one AudioContext, made (or resumed) inside a click or key press: browsers let a
 * page play sound only after the person has interacted with it, and a context made in that
 * moment stays allowed for the page's life.
 */
function unlockAudio(): void {
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  audio ??= new Context();
  if (audio.state === 'suspended') void audio.resume().catch(() => {});
}

/** Two short rising tones, made by the browser (no sound file to download or host). */
export function chime(): void {
  // A page the person has already clicked may start sound without another click.
  if (!audio && navigator.userActivation?.hasBeenActive) unlockAudio();
  if (!audio) return;
  const ctx = audio;
  const start = ctx.currentTime + 0.02;
  [880, 1320].forEach((frequency, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    const at = start + i * 0.18;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.32);
  });
}

export type NotificationState = 'unsupported' | NotificationPermission;

function notificationState(): NotificationState {
  return typeof window !== 'undefined' && 'Notification' in window
    ? Notification.permission
    : 'unsupported';
}

/** The sound switch is kept for the tab (not a localStorage key: the spec lists those). */
const SOUND_KEY = 'order-alerts-sound';

function soundStored(): boolean {
  try {
    return window.sessionStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * The console's alerts: whether it may chime (a switch, on by default) and notify (the browser's
 * permission, asked only when the person presses the button), and `announce` for new orders.
 * Audio is unlocked by the person's first click or key press anywhere in the page.
 */
export function useOrderAlerts() {
  const [sound, setSound] = useState(soundStored);
  const [permission, setPermission] = useState<NotificationState>(notificationState);
  const soundRef = useRef(sound);
  soundRef.current = sound;

  useEffect(() => {
    const unlock = () => unlockAudio();
    window.addEventListener('pointerdown', unlock, { once: true, capture: true });
    window.addEventListener('keydown', unlock, { once: true, capture: true });
    return () => {
      window.removeEventListener('pointerdown', unlock, { capture: true });
      window.removeEventListener('keydown', unlock, { capture: true });
    };
  }, []);

  const toggleSound = useCallback(() => {
    unlockAudio();
    setSound((on) => {
      try {
        window.sessionStorage.setItem(SOUND_KEY, on ? 'off' : 'on');
      } catch {
        /* a private window: the switch lasts for the page */
      }
      return !on;
    });
  }, []);

  const askPermission = useCallback(async () => {
    unlockAudio();
    if (!('Notification' in window)) return;
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(Notification.permission);
    }
  }, []);

  /** Chimes once and shows one notification per order (its tag keeps tabs from repeating it). */
  const announce = useCallback(
    (
      orders: readonly AnnouncedOrder[],
      text: (order: AnnouncedOrder) => { title: string; body: string },
      onOpen?: (order: AnnouncedOrder) => void,
    ) => {
      if (!orders.length) return;
      if (soundRef.current) chime();
      if (notificationState() !== 'granted') return;
      for (const order of orders) {
        try {
          const { title, body } = text(order);
          const shown = new Notification(title, { body, tag: `order-${order.uid}` });
          shown.onclick = () => {
            window.focus();
            onOpen?.(order);
            shown.close();
          };
        } catch {
          /* some mobile browsers only notify from a service worker: the page's alert remains */
        }
      }
    },
    [],
  );

  return { sound, toggleSound, permission, askPermission, announce };
}

/**
 * Calls `onFresh` with the orders of each answer not seen before (never for the first answer).
 * `results` is the polled list, newest first.
 */
export function useFreshOrders<T extends { uid: string }>(
  results: readonly T[] | undefined,
  onFresh: (fresh: T[]) => void,
): void {
  const seen = useRef<Set<string> | null>(null);
  const callback = useRef(onFresh);
  callback.current = onFresh;
  useEffect(() => {
    if (!results) return;
    const { fresh, seen: next } = unseenOrders(seen.current, results);
    seen.current = next;
    if (fresh.length) callback.current(fresh);
  }, [results]);
}
