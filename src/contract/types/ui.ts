// The card menu and confirmation dialogs.
import type { CardIcon } from '../constants.js';

/** A card menu entry as sent to the host. */
export interface MenuItem {
  id: string;
  label: string;
  icon?: CardIcon;
  tone?: 'default' | 'danger';
  disabled?: boolean;
}

/** Options of `ui.confirm`. */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
}
