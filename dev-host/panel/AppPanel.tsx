import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, Field, Input, Row, Select, Switch } from '../../components/index.js';
import { DEFAULT_THEME } from '../../src/contract/theme.js';
import { LIGHT_THEME } from '../../src/contract/theme-light.js';
import type { CardLanguage, CardVisibility } from '../../src/contract/constants.js';
import type { PanelHost } from '../host/panel-host.js';

const LANGUAGES: readonly [CardLanguage, string][] = [
  ['en', 'English'],
  ['ru', 'Русский'],
  ['zh', '中文'],
];
const VISIBILITIES: readonly [CardVisibility, string][] = [
  ['visible', 'Visible'],
  ['overview', 'Overview (zoomed out)'],
  ['hidden', 'Hidden'],
];

/** The app around the card: theme, language, visibility, suspend, expanded, size and a frame reload. */
export function AppPanel({ host, onReload }: { host: PanelHost; onReload?: () => void }): ReactElement {
  const size = host.context.instance.size;
  const [w, setW] = useState(String(size.w));
  const [h, setH] = useState(String(size.h));
  const { minSize, maxSize } = host.manifest.card;
  const clamp = (value: string, min: number, max: number, fallback: number) => {
    const n = Math.round(Number(value));
    return Number.isFinite(n) && value.trim() !== '' ? Math.min(max, Math.max(min, n)) : fallback;
  };
  return (
    <div className="ns-stack">
      <Field label="Theme">
        <Select
          value={host.context.theme.scheme}
          onChange={(event) => host.setTheme(event.target.value === 'light' ? LIGHT_THEME : DEFAULT_THEME)}
        >
          <option value="dark">Dark</option>
          <option value="light">Light</option>
        </Select>
      </Field>
      <Field label="Language">
        <Select
          value={host.context.i18n.language}
          onChange={(event) => host.setLanguage(event.target.value as CardLanguage)}
        >
          {LANGUAGES.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Visibility">
        <Select
          value={host.context.visibility}
          onChange={(event) => host.setVisibility(event.target.value as CardVisibility)}
        >
          {VISIBILITIES.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Switch checked={host.context.expanded === true} onCheckedChange={(checked) => host.setExpanded(checked)}>
        Expanded
      </Switch>
      <Row className="ns-dev-wrap">
        <Field label="Card width">
          <Input type="number" value={w} min={minSize.w} max={maxSize.w} onChange={(e) => setW(e.target.value)} />
        </Field>
        <Field label="Card height">
          <Input type="number" value={h} min={minSize.h} max={maxSize.h} onChange={(e) => setH(e.target.value)} />
        </Field>
        <Button
          size="sm"
          className="ns-dev-align-end"
          onClick={() => {
            const next = { w: clamp(w, minSize.w, maxSize.w, size.w), h: clamp(h, minSize.h, maxSize.h, size.h) };
            setW(String(next.w));
            setH(String(next.h));
            host.resize(next);
          }}
        >
          Resize card
        </Button>
      </Row>
      <Row className="ns-dev-wrap">
        <Button size="sm" onClick={() => host.suspend()}>
          Suspend
        </Button>
        {onReload && (
          <Button size="sm" onClick={onReload}>
            Reload card
          </Button>
        )}
      </Row>
    </div>
  );
}
