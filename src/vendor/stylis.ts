/*
 * What the build gives for `stylis` (package.json "alias", issue 37): Griffel's CSS parser, 3.1 KB brotli of the first
 * page, which nothing here runs. The styles are compiled at build time (@griffel/babel-preset), so the browser never
 * compiles CSS; the one module left that imports stylis is Griffel's rehydration of server-rendered <style> elements
 * (rehydrateRendererCache, run by a RendererProvider, which the panel renders nowhere: it renders no HTML on a server).
 * Were either ever needed, the call says so instead of drawing a page without its styles; then remove the alias.
 * A module of another chunk importing a name not below fails the build.
 */
function unavailable(name: string): never {
  throw new Error(`stylis.${name}() is not in the panel's build (package.json "alias" points stylis at src/vendor/stylis.ts): Griffel styles are compiled at build time`);
}

export const compile = (): never => unavailable('compile');
export const middleware = (): never => unavailable('middleware');
export const rulesheet = (): never => unavailable('rulesheet');
export const serialize = (): never => unavailable('serialize');
export const stringify = (): never => unavailable('stringify');
