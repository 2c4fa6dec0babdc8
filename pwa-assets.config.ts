import {defineConfig, minimal2023Preset} from '@vite-pwa/assets-generator/config';

// The app's icons, drawn from app/static/favicon.svg (npm run icons; the PNGs are committed). The maskable and
// Apple icons sit on the brand's teal (app/styles.css, --color-brand-700), as the favicon does.
export default defineConfig({
  headLinkOptions: {preset: '2023'},
  preset: {
    ...minimal2023Preset,
    maskable: {...minimal2023Preset.maskable, padding: 0.1, resizeOptions: {background: '#0f4c5c'}},
    apple: {...minimal2023Preset.apple, padding: 0, resizeOptions: {background: '#0f4c5c'}},
  },
  images: ['app/static/favicon.svg'],
});
