// The card frame of one mock host: its chrome, size and menu, resized by the user within the manifest's bounds.
import type { ReactElement, ReactNode } from 'react';
import type { MockHost } from '../../src/testing/index.js';
import { useHostVersion } from '../host/use-host.js';
import { CardFrame } from './CardFrame.js';

/** `CardFrame` wired to `host`: the chrome it holds, its size, its menu and the manifest's size bounds. */
export function HostCardFrame({ host, children }: { host: MockHost; children: ReactNode }): ReactElement {
  // Redrawn on every change of the host (chrome, size), whoever renders it.
  useHostVersion(host);
  const { minSize, maxSize } = host.manifest.card;
  return (
    <CardFrame
      chrome={{ ...host.chrome }}
      size={host.context.instance.size}
      name={host.context.instance.displayName}
      minSize={minSize}
      maxSize={maxSize}
      onMenu={(id) => host.emit('ui.menu', { id })}
      onResize={(next) =>
        host.resize({
          w: Math.min(maxSize.w, Math.max(minSize.w, next.w)),
          h: Math.min(maxSize.h, Math.max(minSize.h, next.h)),
        })
      }
    >
      {children}
    </CardFrame>
  );
}
