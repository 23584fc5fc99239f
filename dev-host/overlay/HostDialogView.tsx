import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { Button, Checkbox, Row } from '../../components/index.js';
import { localize } from '../../src/contract/constants.js';
import type { MockHost } from '../../src/testing/index.js';
import type { HostDialog, HostDialogs } from '../host/host-dialogs.js';
import { useDialogs } from '../host/use-dialogs.js';

/** Keeps Tab inside the dialog and focuses its first button when it opens. */
function useDialogFocus() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => before?.focus?.();
  }, []);
  const trap = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !box.current) return;
    const all = Array.from(box.current.querySelectorAll<HTMLElement>('button, input, [tabindex="0"]'));
    const first = all[0];
    const last = all[all.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      last?.focus();
      event.preventDefault();
    } else if (!event.shiftKey && document.activeElement === last) {
      first?.focus();
      event.preventDefault();
    }
  };
  return { box, trap };
}

/** The permission request: a checkbox per permission asked for, granted together. */
function PermissionChoices({
  host,
  ids,
  onAnswer,
}: {
  host: MockHost;
  ids: string[];
  onAnswer: (granted: string[]) => void;
}): ReactElement {
  const [chosen, setChosen] = useState<string[]>(ids);
  const language = host.context.i18n.language;
  return (
    <>
      <div className="ns-stack">
        {ids.map((id) => {
          const reason = host.manifest.permissions.find((permission) => permission.id === id)?.reason;
          return (
            <div key={id}>
              <Checkbox
                checked={chosen.includes(id)}
                onCheckedChange={(on) =>
                  setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)))
                }
              >
                <code>{id}</code>
              </Checkbox>
              {reason !== undefined && <p className="ns-help">{localize(reason, language)}</p>}
            </div>
          );
        })}
      </div>
      <Row className="ns-dev-dialog__actions">
        <Button onClick={() => onAnswer([])}>Deny</Button>
        <Button variant="primary" data-autofocus onClick={() => onAnswer(chosen)}>
          Allow
        </Button>
      </Row>
    </>
  );
}

/** One host dialog, modal over the window; Escape answers no. */
function DialogBox({
  host,
  dialog,
  answer,
}: {
  host: MockHost;
  dialog: HostDialog;
  answer: (value: boolean | string[]) => void;
}): ReactElement {
  const { box, trap } = useDialogFocus();
  const titleId = useId();
  const textId = useId();
  const title =
    dialog.kind === 'confirm' ? dialog.title : dialog.kind === 'open-link' ? 'Open this link?' : 'Allow permissions?';
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      answer(dialog.kind === 'permissions' ? [] : false);
    } else trap(event);
  };
  return (
    <div
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="ns-dev-dialog"
      onKeyDown={keys}
    >
      <h2 id={titleId} className="ns-dev-dialog__title">
        {title}
      </h2>
      {dialog.kind === 'confirm' && (
        <p id={textId} className="ns-dev-dialog__text">
          {dialog.message}
        </p>
      )}
      {dialog.kind === 'open-link' && (
        <p id={textId} className="ns-dev-dialog__text">
          The card wants to open <code className="ns-dev-break">{dialog.url}</code> in your browser.
        </p>
      )}
      {dialog.kind === 'permissions' ? (
        <>
          <p id={textId} className="ns-dev-dialog__text">
            {host.context.instance.displayName} asks for more permissions.
          </p>
          <PermissionChoices host={host} ids={dialog.ids} onAnswer={answer} />
        </>
      ) : (
        <Row className="ns-dev-dialog__actions">
          <Button onClick={() => answer(false)}>Cancel</Button>
          <Button variant="primary" data-autofocus onClick={() => answer(true)}>
            {dialog.kind === 'open-link' ? 'Open link' : 'Confirm'}
          </Button>
        </Row>
      )}
    </div>
  );
}

/** The oldest open host dialog over a window-wide backdrop; a confirmed link opens in a new tab. */
export function HostDialogView({ host, dialogs }: { host: MockHost; dialogs: HostDialogs }): ReactElement | null {
  const open = useDialogs(dialogs);
  const dialog = open[0];
  if (!dialog) return null;
  const answer = (value: boolean | string[]) => {
    if (dialog.kind === 'open-link' && value === true) window.open(dialog.url, '_blank', 'noopener,noreferrer');
    dialogs.answer(dialog.id, value);
  };
  return (
    <div className="ns-dev-backdrop">
      <DialogBox key={dialog.id} host={host} dialog={dialog} answer={answer} />
    </div>
  );
}
