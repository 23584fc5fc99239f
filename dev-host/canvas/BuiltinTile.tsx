// A built-in peer on the canvas (note, todo list, task board, sticky, agent, terminal): a small live card that
// shows what it received, edits that emit like the app's, and a terminal's scripted answer to its next command.
import { useState } from 'react';
import type { ReactElement } from 'react';
import type { BuiltinState } from '../../src/dev/canvas-builtins.js';
import type { BuiltinKind } from '../../src/dev/canvas-file.js';
import { TileBar, type CanvasTile } from './CanvasCardView.js';

const TITLES: Record<BuiltinKind, string> = {
  note: 'Note',
  todo: 'Todo list',
  kanban: 'Task board',
  sticky: 'Sticky',
  agent: 'AI agent',
  terminal: 'Terminal',
};

/** Props of `BuiltinTile`. */
export interface BuiltinTileProps {
  tile: CanvasTile;
  builtin: BuiltinKind;
  state: BuiltinState;
  /** The user changed it (a note's text): the canvas applies the change, emits on `output` (when given) and saves. */
  onEdit: (patch: Partial<BuiltinState>, output: string) => void;
}

function TerminalNext({ state, onEdit }: Pick<BuiltinTileProps, 'state' | 'onEdit'>) {
  const [code, setCode] = useState(String(state.next?.exitCode ?? 0));
  const [output, setOutput] = useState(state.next?.output ?? '');
  return (
    <form
      className="ns-canvas-builtin__form"
      onSubmit={(event) => {
        event.preventDefault();
        onEdit({ next: { exitCode: Number(code) || 0, output } }, '');
      }}
    >
      <label>
        Next exit code
        <input className="ns-input" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <label>
        Next output
        <input className="ns-input" value={output} onChange={(e) => setOutput(e.target.value)} />
      </label>
      <button type="submit" className="ns-btn ns-btn--sm">
        Set next answer
      </button>
    </form>
  );
}

function Content({ builtin, state, onEdit }: Omit<BuiltinTileProps, 'tile'>): ReactElement {
  switch (builtin) {
    case 'note':
      return (
        <textarea
          className="ns-textarea ns-canvas-builtin__text"
          aria-label="Note text"
          value={state.text ?? ''}
          onChange={(event) => onEdit({ text: event.target.value }, 'text')}
        />
      );
    case 'todo':
    case 'kanban':
      return (
        <ul className="ns-canvas-builtin__list" aria-label={`${TITLES[builtin]} items`}>
          {(state.items ?? []).map((item, index) => (
            <li key={`${index}-${item.text}`}>
              <label>
                <input
                  type="checkbox"
                  checked={item.status === 'done'}
                  onChange={(event) =>
                    onEdit(
                      {
                        items: (state.items ?? []).map((other, at) =>
                          at === index ? { ...other, status: event.target.checked ? 'done' : 'pending' } : other,
                        ),
                      },
                      builtin === 'todo' ? 'items' : 'tasks',
                    )
                  }
                />{' '}
                {builtin === 'kanban' && item.column ? `[${item.column}] ` : ''}
                {item.text}
              </label>
            </li>
          ))}
        </ul>
      );
    case 'sticky':
      return <p className="ns-canvas-builtin__title">{state.title || '(no title)'}</p>;
    case 'agent':
      return (
        <div>
          <p className="ns-muted">Status: {state.status ?? 'idle'}</p>
          <ol aria-label="Prompts received">
            {(state.prompts ?? []).map((prompt, index) => (
              <li key={index}>{prompt}</li>
            ))}
          </ol>
        </div>
      );
    case 'terminal':
      return (
        <div>
          <ol aria-label="Commands run" className="ns-mono">
            {(state.commands ?? []).map((run, index) => (
              <li key={index}>
                $ {run.command} → exit {run.exitCode}
                {run.output ? ` · ${run.output}` : ''}
              </li>
            ))}
          </ol>
          <TerminalNext state={state} onEdit={onEdit} />
        </div>
      );
  }
}

/** A built-in peer drawn on the canvas. */
export function BuiltinTile({ tile, builtin, state, onEdit }: BuiltinTileProps): ReactElement {
  return (
    <section
      className="ns-canvas-tile ns-canvas-builtin"
      data-canvas-card={tile.id}
      data-selected={tile.selected || undefined}
      style={{ left: tile.place.x ?? 0, top: tile.place.y ?? 0, width: tile.place.w ?? 240 }}
      aria-label={`Canvas card ${tile.id}`}
    >
      <TileBar tile={tile} label={`${TITLES[builtin]} · ${tile.id}`} />
      <div className="ns-canvas-builtin__body">
        <Content builtin={builtin} state={state} onEdit={onEdit} />
      </div>
    </section>
  );
}
