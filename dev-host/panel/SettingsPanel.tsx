import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, Checkbox, Empty, Field, Input, Row, Select, Textarea } from '../../components/index.js';
import { localize } from '../../src/contract/constants.js';
import type { ManifestSetting } from '../../src/contract/types.js';
import type { PanelHost } from '../host/panel-host.js';
import type { PanelNetwork } from '../host/net-forwarding.js';

// The file beside the card the dev server keeps secrets in (src/dev/net-secrets.ts).
const SECRETS_FILE_NAME = '.env.neurosquad-secrets.json';

type Values = Record<string, unknown>;

function currentValues(host: PanelHost): Values {
  return { ...(host.context.settings as { values: Values }).values };
}

/** The control of one non-secret setting, by its type. */
function SettingControl({
  setting,
  label,
  value,
  onChange,
}: {
  setting: ManifestSetting;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}): ReactElement {
  if (setting.type === 'boolean') {
    return (
      <Checkbox checked={value === true} onCheckedChange={(checked) => onChange(checked)}>
        {label}
      </Checkbox>
    );
  }
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (setting.type === 'select') {
    return (
      <Field label={label}>
        <Select value={text} onChange={(event) => onChange(event.target.value)}>
          {(setting.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {localize(option.label, 'en')}
            </option>
          ))}
        </Select>
      </Field>
    );
  }
  if (setting.type === 'text') {
    return (
      <Field label={label}>
        <Textarea rows={2} value={text} onChange={(event) => onChange(event.target.value)} />
      </Field>
    );
  }
  const number = setting.type === 'number';
  return (
    <Field label={label}>
      <Input
        type={number ? 'number' : setting.type === 'color' ? 'color' : 'text'}
        value={text}
        min={setting.min}
        max={setting.max}
        step={setting.step}
        onChange={(event) => {
          const raw = event.target.value;
          onChange(number ? (raw === '' ? null : Number(raw)) : raw);
        }}
      />
    </Field>
  );
}

/**
 * One secret setting, drawn by the host as the app draws it: set a value (the card only learns that it is set)
 * or clear it. On the dev page the value goes to the dev server, which fills it into requests, and is kept in
 * the file beside the card when asked.
 */
function SecretControl({
  host,
  setting,
  label,
  network,
}: {
  host: PanelHost;
  setting: ManifestSetting;
  label: string;
  network?: PanelNetwork | undefined;
}) {
  const [value, setValue] = useState('');
  const [keep, setKeep] = useState(network?.kept ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const isSet = (host.context.settings as { secrets: Record<string, boolean> }).secrets[setting.key] === true;
  const save = (next: string | null): void => {
    setProblem(null);
    if (!network) {
      host.setSecret(setting.key, next);
      return;
    }
    network.setSecret(setting.key, next, keep).catch((error: unknown) => setProblem(String(error)));
  };
  return (
    <div className="ns-stack">
      <Row className="ns-dev-wrap">
        <Field
          label={`Secret ${label}`}
          hint={isSet ? 'Set' : 'Not set'}
          error={problem ?? undefined}
          className="ns-grow"
        >
          <Input type="password" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} />
        </Field>
        <Button
          size="sm"
          className="ns-dev-align-end"
          onClick={() => {
            save(value);
            setValue('');
          }}
        >
          Set secret {label}
        </Button>
        <Button size="sm" variant="ghost" className="ns-dev-align-end" onClick={() => save(null)}>
          Clear secret {label}
        </Button>
      </Row>
      {network && (
        <Checkbox checked={keep} onCheckedChange={(checked) => setKeep(checked)}>
          Keep {label} in {SECRETS_FILE_NAME}
        </Checkbox>
      )}
    </div>
  );
}

/** The manifest's settings (saved together, as the app's settings form does) and its secrets. */
export function SettingsPanel({
  host,
  network,
}: {
  host: PanelHost;
  network?: PanelNetwork | undefined;
}): ReactElement {
  const [draft, setDraft] = useState<Values>(() => currentValues(host));
  const settings = host.manifest.settings;
  if (settings.length === 0) return <Empty heading="No settings">The manifest declares no settings.</Empty>;
  const language = host.context.i18n.language;
  const plain = settings.filter((setting) => setting.type !== 'secret');
  const secrets = settings.filter((setting) => setting.type === 'secret');
  return (
    <div className="ns-stack">
      {plain.map((setting) => (
        <SettingControl
          key={setting.key}
          setting={setting}
          label={localize(setting.label, language) || setting.key}
          value={draft[setting.key]}
          onChange={(value) => setDraft((current) => ({ ...current, [setting.key]: value }))}
        />
      ))}
      {plain.length > 0 && (
        <Row>
          <Button variant="primary" size="sm" onClick={() => host.setSettings(draft)}>
            Save settings
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDraft(currentValues(host))}>
            Reset form
          </Button>
        </Row>
      )}
      {secrets.map((setting) => (
        <SecretControl
          key={setting.key}
          host={host}
          setting={setting}
          label={localize(setting.label, language) || setting.key}
          network={network}
        />
      ))}
    </div>
  );
}
