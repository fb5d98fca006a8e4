import { THEME_COLORS } from '@branch-assets/domain';
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** A colour's scale for Chakra's palette slots, from the one theme colour of the legacy app. */
function palette(base: string, solidText: string) {
  return {
    solid: { value: base },
    contrast: { value: solidText },
    fg: { value: base },
    muted: { value: `color-mix(in srgb, ${base} 20%, white)` },
    subtle: { value: `color-mix(in srgb, ${base} 12%, white)` },
    emphasized: { value: `color-mix(in srgb, ${base} 30%, white)` },
    focusRing: { value: base },
  };
}

// Scripts of the six languages: each Noto family covers its own script, Noto Sans the Latin.
const FONT_STACK =
  "'Noto Sans', 'Noto Sans Tamil', 'Noto Sans Devanagari', 'Noto Sans Telugu', 'Noto Sans Malayalam', 'Noto Sans Kannada', system-ui, sans-serif";

const config = defineConfig({
  theme: {
    keyframes: {
      // The success alert's progress bar empties over its 2 seconds.
      alertCountdown: { from: { transform: 'scaleX(1)' }, to: { transform: 'scaleX(0)' } },
      loaderDot: {
        '0%, 80%, 100%': { transform: 'scale(0.4)', opacity: '0.4' },
        '40%': { transform: 'scale(1)', opacity: '1' },
      },
    },
    tokens: {
      colors: {
        brand: { value: THEME_COLORS.primary },
        success: { value: THEME_COLORS.success },
        danger: { value: THEME_COLORS.danger },
        warning: { value: THEME_COLORS.warning },
        info: { value: THEME_COLORS.info },
        // The loading indicator of the legacy app: orange dots.
        loader: { value: '#FF9F43' },
      },
      fonts: {
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
      },
    },
    semanticTokens: {
      colors: {
        // The primary action colour. Text on it is white: #7367F0 on white text is 4.6:1.
        brand: palette(THEME_COLORS.primary, 'white'),
        // Darker than the theme colours where text sits on them, for WCAG AA contrast.
        dangerSolid: palette('#D63A3F', 'white'),
      },
    },
  },
  globalCss: {
    'html, body': { background: 'gray.50' },
  },
});

export const system = createSystem(defaultConfig, config);
