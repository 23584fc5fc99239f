import type { ReactElement } from 'react';
import { Checkbox, Empty } from '../../components/index.js';
import { localize } from '../../src/contract/constants.js';
import type { PanelHost } from '../host/panel-host.js';

/** A checkbox per declared permission: what the user granted in the app's permission screen. */
export function PermissionsPanel({ host }: { host: PanelHost }): ReactElement {
  const declared = host.manifest.permissions;
  if (declared.length === 0) return <Empty heading="No permissions">The manifest declares no permissions.</Empty>;
  const granted = (host.context.permissions as { id: string; granted: boolean }[])
    .filter((entry) => entry.granted)
    .map((entry) => entry.id);
  const toggle = (id: string, on: boolean) => {
    const next = new Set<string>(declared.map((p) => p.id).filter((known) => granted.includes(known)));
    if (on) next.add(id);
    else next.delete(id);
    host.setGrants([...next]);
  };
  return (
    <fieldset className="ns-stack ns-dev-fieldset">
      <legend>Granted permissions</legend>
      {declared.map((permission) => (
        <div key={permission.id}>
          <Checkbox checked={granted.includes(permission.id)} onCheckedChange={(on) => toggle(permission.id, on)}>
            <code>{permission.id}</code>
            {permission.optional ? ' (optional)' : ''}
          </Checkbox>
          {permission.reason !== undefined && (
            <p className="ns-help">{localize(permission.reason, host.context.i18n.language)}</p>
          )}
        </div>
      ))}
    </fieldset>
  );
}
