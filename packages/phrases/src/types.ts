/**
 * The shape of a locale derived from the English phrases: the same nested keys, every leaf a string.
 * Typing a locale with it makes the compiler reject missing and unknown keys (object literals are
 * checked for excess properties at every level).
 */
export type DeepStringRecord<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : DeepStringRecord<T[K]>;
};

/** Dotted paths to every leaf of a phrase tree, e.g. `'app.menu.home'`. */
export type LeafPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Like `LeafPaths`, but only phrases without `{{placeholders}}` (needs literal phrase types). */
export type PlainLeafPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? T[K] extends `${string}{{${string}}}${string}`
      ? never
      : `${Prefix}${K}`
    : PlainLeafPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
