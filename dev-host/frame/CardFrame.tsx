// The card as the app draws it on the canvas: a framed tile with the chrome the card set around its content.
import { useEffect, useMemo, useRef } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Badge, Dot, Icon, Progress, Spinner } from '../../components/index.js';
import { useLatest } from '../../hooks/useLatest.js';
import type { MockChrome } from '../../src/testing/index.js';
import { CardMenu } from './CardMenu.js';
import { chromeView, toneOf } from './chrome-view.js';
import './card-frame.css';

/** A card size in CSS pixels. */
interface FrameSize {
  w: number;
  h: number;
}

/** Props of `CardFrame`. */
export interface CardFrameProps {
  /** The mock host's chrome snapshot (`host.chrome`, copied so a change re-renders). */
  chrome: MockChrome;
  /** The size of the card's content area (the host's `context.instance.size`). */
  size: FrameSize;
  /** Called with a menu entry's id when it is picked; the host sends `ui.menu` with it. */
  onMenu: (id: string) => void;
  /** Called when the user drags the corner to a new size; leave it out for a fixed size. */
  onResize?: (size: FrameSize) => void;
  /** The smallest size the user can drag the card to (the manifest's `card.minSize`). */
  minSize?: FrameSize;
  /** The largest size the user can drag the card to (the manifest's `card.maxSize`). */
  maxSize?: FrameSize;
  /** The name shown while the card has set no title (the manifest's display name). */
  name?: string;
  /** The card's content: the card frame (an iframe) or a story rendered in place. */
  children: ReactNode;
}

/** Reports user-driven size changes of the resizable content box, skipping the sizes it was given. */
function useResizeReport(size: FrameSize, onResize: ((size: FrameSize) => void) | undefined) {
  const box = useRef<HTMLDivElement>(null);
  const given = useLatest(size);
  const report = useLatest(onResize);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const next = { w: Math.round(element.clientWidth), h: Math.round(element.clientHeight) };
      if (next.w === given.current.w && next.h === given.current.h) return;
      report.current?.(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [given, report]);
  return box;
}

/** The card framed like the app frames it: title, status, badge, menu, overview and the attention pulse. */
export function CardFrame({
  chrome,
  size,
  onMenu,
  onResize,
  minSize,
  maxSize,
  name,
  children,
}: CardFrameProps): ReactElement {
  const view = useMemo(() => chromeView(chrome), [chrome]);
  const box = useResizeReport(size, onResize);
  const title = view.title ?? name ?? 'Untitled card';
  const { status, badge, overview, attention } = view;
  const overviewShown =
    overview !== null &&
    (Boolean(overview.primary) || Boolean(overview.secondary) || typeof overview.progress === 'number');

  return (
    <section className="ns-dev-card" aria-label={`Card ${title}`} data-attention={attention?.level}>
      <header className="ns-dev-card__head">
        <h2 className="ns-dev-card__title ns-truncate" title={title}>
          {title}
        </h2>
        {status && (
          <span className="ns-dev-card__status" role="status" aria-label="Card status" data-tone={status.tone}>
            {status.busy ? <Spinner label="Busy" /> : <Dot tone={toneOf(status.tone)} />}
            <span className="ns-truncate">{status.text}</span>
          </span>
        )}
        {badge && (
          <Badge tone={toneOf(badge.tone)} aria-label="Card badge">
            {badge.count ?? badge.text}
          </Badge>
        )}
        <CardMenu items={view.menu} onSelect={onMenu} />
      </header>
      {attention && (
        <p className="ns-dev-card__attention" role="alert" aria-label="Card attention">
          {attention.level === 'needs-input' ? 'Needs input' : 'Attention'}
          {attention.message ? `: ${attention.message}` : ''}
        </p>
      )}
      <div
        ref={box}
        className="ns-dev-card__body"
        data-resizable={onResize ? '' : undefined}
        style={{
          width: size.w,
          height: size.h,
          minWidth: minSize?.w,
          minHeight: minSize?.h,
          maxWidth: maxSize?.w,
          maxHeight: maxSize?.h,
        }}
      >
        {children}
      </div>
      {overviewShown && (
        <footer className="ns-dev-card__overview" aria-label="Card overview" data-tone={toneOf(overview.tone)}>
          {overview.icon && <Icon name={overview.icon} />}
          <span className="ns-dev-card__overview-text">
            {overview.primary && <span className="ns-truncate">{overview.primary}</span>}
            {overview.secondary && <span className="ns-muted ns-truncate">{overview.secondary}</span>}
          </span>
          {typeof overview.progress === 'number' && (
            <Progress label="Card progress" value={overview.progress} max={1} className="ns-dev-card__progress" />
          )}
        </footer>
      )}
    </section>
  );
}
