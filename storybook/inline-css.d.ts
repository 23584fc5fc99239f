// A stylesheet imported as text (`?inline`): the bundler hands over its CSS as a string.
declare module '*.css?inline' {
  /** The stylesheet's CSS text. */
  const css: string;
  export default css;
}
