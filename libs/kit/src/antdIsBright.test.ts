// The build swaps antd's colour-picker presets module for tools/antd-is-bright.ts in antd's button and tag styles;
// the helper must judge every colour as antd's own does, or buttons and tags would pick the wrong text colour.
import { AggregationColor } from 'antd/lib/color-picker/color';
import { isBright as antdIsBright } from 'antd/lib/color-picker/components/ColorPresets';
import { isBright } from '../../../tools/antd-is-bright';

const colors = ['#ffffff', '#000000', '#1677ff', '#fadb14', '#52c41a', '#ff4d4f', '#f0f0f0', 'rgba(255,255,255,0.3)', 'rgba(0,0,0,0.4)', 'rgba(250,219,20,0.6)', '#d9d9d9', '#13c2c2'];
const backgrounds = ['#ffffff', '#141414', '#1f1f1f', '#f5f5f5'];

describe('the isBright helper swapped into antd button and tag styles', () => {
  it.each(backgrounds)('agrees with antd on every colour over %s', (bg) => {
    const ours = colors.map((c) => isBright(new AggregationColor(c), bg));
    const antds = colors.map((c) => antdIsBright(new AggregationColor(c), bg));
    expect(ours).toEqual(antds);
    // Both answers occur, so the comparison covers each branch.
    expect(ours).toContain(true);
    expect(ours).toContain(false);
  });
});
