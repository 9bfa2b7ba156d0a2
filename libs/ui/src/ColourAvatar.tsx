import { FastColor } from '@ant-design/fast-color';
import { Avatar, type AvatarProps } from 'antd';

/** WCAG's contrast ratio of two relative luminances. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The colour for text on `background`: white where it reaches WCAG's 4.5:1, else black. The specification's accents
 * (#10B981, #3B82F6) stay as they are; white initials on them were 2.5:1 and 3.7:1.
 */
export function textOn(background: string): string {
  const luminance = new FastColor(background).getLuminance();
  return contrast(luminance, 1) >= 4.5 ? '#ffffff' : '#000000';
}

/** An avatar filled with `color` (a role's, a group's) whose initial or icon is readable on it. */
export function ColourAvatar({ color, style, ...props }: Omit<AvatarProps, 'color'> & { color: string }) {
  return <Avatar {...props} style={{ ...style, background: color, color: textOn(color) }} />;
}
