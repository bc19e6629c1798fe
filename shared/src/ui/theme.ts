/** The product's Chakra system: brand colours and fonts on top of Chakra's defaults. */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#ecfdf3' },
          100: { value: '#d1fadf' },
          200: { value: '#a6f4c5' },
          300: { value: '#6ce9a6' },
          400: { value: '#32d583' },
          500: { value: '#12b76a' },
          600: { value: '#039855' },
          700: { value: '#027a48' },
          800: { value: '#05603a' },
          900: { value: '#054f31' },
          950: { value: '#053321' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: { 'html, body': { minHeight: '100%' } },
});

export const system = createSystem(defaultConfig, config);
