import { THEME_COLORS } from '@branch-assets/domain';
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's palette slots for the brand colour. The legacy primary (#7367F0) is 4.3:1 against white,
 * short of WCAG AA for normal text, so solid buttons and brand-coloured text use a deeper shade of
 * the same hue (5.7:1); tints keep the original.
 */
const brandPalette = {
  solid: { value: '#5E50E0' },
  contrast: { value: 'white' },
  fg: { value: '#5447D6' },
  muted: { value: 'color-mix(in srgb, #7367F0 20%, white)' },
  subtle: { value: 'color-mix(in srgb, #7367F0 12%, white)' },
  emphasized: { value: 'color-mix(in srgb, #7367F0 30%, white)' },
  focusRing: { value: '#7367F0' },
};

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
        brand: brandPalette,
        // Chakra's green.600 under white text is 3.3:1; one step darker reaches AA.
        green: { solid: { value: '{colors.green.700}' } },
        // Field error texts: Chakra's red.500 is 3.8:1 on white.
        fg: { error: { value: '{colors.red.700}' } },
      },
    },
  },
  globalCss: {
    'html, body': { background: 'gray.50' },
    // A required field's label is marked before Save. Drawn by CSS, so the label's text (and the
    // field's accessible name) stays the label; assistive technology hears "required" from the
    // control itself (Field.Root required).
    'label[data-required]::after': { content: '" *"', color: 'fg.error', fontWeight: 'bold' },
  },
});

export const system = createSystem(defaultConfig, config);
