// One card on the canvas: a movable tile with the card's chrome, frame, toasts and dialogs; its control panel
// (Records included) opens beside the canvas when the card is selected.
import { createContext, useContext } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactElement, ReactNode } from 'react';
import type { CanvasPlace } from '../../src/dev/canvas-file.js';
import type { DevHostProps } from '../DevHost.js';
import { HostCardFrame } from '../frame/HostCardFrame.js';
import { useHostVersion } from '../host/use-host.js';
import { HostDialogView } from '../overlay/HostDialogView.js';
import { Toasts } from '../overlay/Toasts.js';
import { ControlPanel } from '../panel/ControlPanel.js';

/** What the canvas tells one tile: its id, place, whether it is selected, and what its buttons do. */
export interface CanvasTile {
  id: string;
  place: CanvasPlace;
  selected: boolean;
  select: () => void;
  /** Starts moving the tile with the pointer. */
  grab: (event: ReactPointerEvent<HTMLElement>) => void;
  /** The arrow buttons of the tile's bar. */
  arrowControls: ReactNode;
  /** The output connector on the tile's edge, dragged onto another tile to draw an arrow. */
  connector: ReactNode;
}

/** The tile of the card rendered below it (each card's `DevSessionHost` sits inside its own provider). */
export const CanvasTileContext = createContext<CanvasTile | null>(null);

/** The frame bar of a tile: its name (a handle to move it), a select button, the arrow buttons and the connector. */
export function TileBar({ tile, label }: { tile: CanvasTile; label: string }): ReactElement {
  return (
    <div className="ns-canvas-tile__bar">
      <span className="ns-canvas-tile__handle" onPointerDown={tile.grab} title="Drag to move">
        ⠿
      </span>
      <button
        type="button"
        className="ns-canvas-tile__name"
        aria-pressed={tile.selected}
        aria-label={`Select ${tile.id}`}
        onClick={tile.select}
      >
        {label}
      </button>
      {tile.arrowControls}
      {tile.connector}
    </div>
  );
}

/** A card of the canvas drawn around its frame: `DevSessionHost`'s view on the canvas page. */
export function CanvasCardView({ host, dialogs, children, findings, banner, onReload, network }: DevHostProps) {
  const tile = useContext(CanvasTileContext);
  const version = useHostVersion(host);
  if (!tile) return null;
  return (
    <section
      className="ns-canvas-tile"
      data-canvas-card={tile.id}
      data-selected={tile.selected || undefined}
      style={{ left: tile.place.x ?? 0, top: tile.place.y ?? 0 }}
      aria-label={`Canvas card ${tile.id}`}
    >
      <TileBar tile={tile} label={tile.id} />
      {banner}
      <HostCardFrame host={host}>{children}</HostCardFrame>
      <Toasts host={host} version={version} />
      <HostDialogView host={host} dialogs={dialogs} />
      {tile.selected && (
        <div className="ns-canvas-panel">
          <ControlPanel host={host} findings={findings} onReload={onReload} network={network} />
        </div>
      )}
    </section>
  );
}
