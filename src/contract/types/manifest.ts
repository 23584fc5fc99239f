// neurosquad-card.json as written and after validation.
import type { CardSize, LocalizedText, SettingType, StorageScope } from '../constants.js';
import type { ManifestPermission, PermissionId } from '../permissions.js';
import type { SettingValue } from './context.js';
import type { JsonSchema } from './json.js';
import type { PortMode, PortResponse, PortTypeId } from './ports.js';

/** Who made the card: a name and, optionally, where to find them. */
export interface ManifestAuthor {
  name: string;
  url?: string;
}

/** The sizes a card opens at and may be resized between, in CSS pixels. */
export interface ManifestCardSizes {
  defaultSize?: CardSize;
  minSize?: CardSize;
  maxSize?: CardSize;
}

/** A permission entry as written in the manifest. */
export type ManifestPermissionEntry =
  PermissionId | { id: PermissionId; hosts?: string[]; reason?: LocalizedText; optional?: boolean };

/** One option of a `select` setting. */
export interface ManifestSettingOption {
  value: string;
  label: LocalizedText;
}

/** A setting declared in the manifest. */
export interface ManifestSetting {
  key: string;
  type: SettingType;
  label: LocalizedText;
  description?: LocalizedText;
  default?: SettingValue;
  required?: boolean;
  scope?: StorageScope;
  placeholder?: LocalizedText;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
  options?: ManifestSettingOption[];
}

/** A port declared in the manifest. */
export interface ManifestPort {
  id: string;
  label: LocalizedText;
  type: PortTypeId;
  description?: LocalizedText;
  schema?: JsonSchema;
  mode?: PortMode;
  response?: PortResponse;
  retain?: boolean;
  default?: boolean;
}

/** A tool declared in the manifest (agents see `<name with - → _>_<tool>`). */
export interface ManifestTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  title?: string;
  readOnly?: boolean;
  timeoutMs?: number;
}

/** neurosquad-card.json. */
export interface CardManifest {
  $schema?: string;
  manifestVersion: 1;
  name: string;
  displayName: LocalizedText;
  version: string;
  description?: LocalizedText;
  author?: ManifestAuthor;
  license?: string;
  homepage?: string;
  icon?: string;
  protocol: number;
  minAppVersion?: string;
  entry?: string;
  card?: ManifestCardSizes;
  permissions?: ManifestPermissionEntry[];
  settings?: ManifestSetting[];
  ports?: { inputs?: ManifestPort[]; outputs?: ManifestPort[] };
  tools?: ManifestTool[];
  keywords?: string[];
}

/** A manifest after validation: defaults filled and permissions normalized. */
export interface NormalizedManifest extends Omit<
  CardManifest,
  'entry' | 'card' | 'permissions' | 'settings' | 'ports' | 'tools'
> {
  entry: string;
  card: Required<ManifestCardSizes>;
  permissions: ManifestPermission[];
  settings: ManifestSetting[];
  ports: { inputs: ManifestPort[]; outputs: ManifestPort[] };
  tools: ManifestTool[];
}
