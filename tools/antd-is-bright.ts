// Stands in for antd's `color-picker/components/ColorPresets` when antd's button and tag styles import it, for its
// `isBright` alone: the real module is the colour picker's presets panel and brings Collapse with it (5 KB gzip on
// every page). Same logic as antd 6's `isBright`: tools/rspack.base.mjs swaps it in, libs/kit/src/antdIsBright.test.ts
// compares the two.
import { Color as RcColor } from '@rc-component/color-picker';

interface ColorLike {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

export const isBright = (value: ColorLike, bgColorToken: string): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  // A translucent colour is judged on the background it sits on (dark mode).
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
