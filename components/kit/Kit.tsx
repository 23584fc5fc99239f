import { forwardRef } from 'react';
import type { HTMLAttributes } from 'react';
import type { CardTheme } from '../../src/index.js';
import { cx } from '../class-names.js';

/** The theme a `Kit` subtree may carry, over the attributes of its `<div>`. */
export interface KitProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * A theme to apply to this subtree only (previews, galleries). Leave it out in a card: the SDK applies the
   * host theme to the document and follows `theme.changed`.
   */
  theme?: CardTheme;
  /**
   * Inset the content 12px from the frame's edges (`ns-kit--padded`). The kit adds no padding otherwise, so a card
   * built only from `Stack`/`Row` touches the frame edges.
   */
  padded?: boolean;
}

function themeStyle(theme: CardTheme): Record<string, string> {
  const style: Record<string, string> = { colorScheme: theme.scheme };
  for (const [token, value] of Object.entries(theme.tokens)) if (value) style[`--ns-${token}`] = value;
  if (theme.fontSans) style['--ns-font-sans'] = theme.fontSans;
  if (theme.fontMono) style['--ns-font-mono'] = theme.fontMono;
  return style;
}

/** The kit root (`ns-kit`): theme background, text, font and focus ring for everything inside. */
export const Kit = forwardRef<HTMLDivElement, KitProps>(function Kit(
  { theme, padded, className, style, ...rest },
  ref,
) {
  return (
    <div
      ref={ref}
      className={cx('ns-kit', padded && 'ns-kit--padded', className)}
      data-ns-scheme={theme?.scheme}
      style={theme ? { ...themeStyle(theme), ...style } : style}
      {...rest}
    />
  );
});
