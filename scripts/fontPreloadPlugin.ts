import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` to index.html for the font files the first screen uses, so the
 * browser fetches them with the page instead of after the stylesheet (the @font-face rules of
 * @fontsource use `font-display: swap`: text shows at once in a fallback font either way).
 * `pattern` matches the emitted file names (content-hashed, so only known once the bundle is written).
 */
export function preloadFonts(pattern: RegExp): Plugin {
  return {
    name: 'portale:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) => file.endsWith('.woff2') && pattern.test(file));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
