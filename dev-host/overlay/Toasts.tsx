import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { MockHost } from '../../src/testing/index.js';
import { toneOf } from '../frame/chrome-view.js';

const SHOWN_MS = 4000;

interface ShownToast {
  index: number;
  message: string;
  tone: string;
}

/** The card's toasts as the app shows them: stacked, each for a few seconds, announced politely. */
export function Toasts({ host, version }: { host: MockHost; version: number }): ReactElement {
  const [shown, setShown] = useState<ShownToast[]>([]);
  const seen = useRef(host.toasts.length);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  useEffect(() => {
    const fresh = host.toasts.slice(seen.current).map((toast, offset) => ({
      index: seen.current + offset,
      message: toast.message,
      tone: toneOf(toast.tone),
    }));
    seen.current = host.toasts.length;
    if (fresh.length === 0) return;
    setShown((current) => [...current, ...fresh].slice(-4));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setShown((current) => current.filter((toast) => !fresh.some((added) => added.index === toast.index)));
    }, SHOWN_MS);
    timers.current.add(timer);
  }, [host, version]);
  return (
    <div className="ns-dev-toasts" role="status" aria-live="polite" aria-label="Toasts">
      {shown.map((toast) => (
        <p key={toast.index} className="ns-dev-toast" data-tone={toast.tone}>
          {toast.message}
        </p>
      ))}
    </div>
  );
}
