import { Flex, theme } from 'antd';

/** The suggested group colours; any other is one tap on the colour input away. */
export const SUGGESTED_COLOURS = ['#3B82F6', '#10B981', '#F59E0B', '#EF4444', '#8B5CF6', '#06B6D4', '#EC4899'];

type ColourFieldProps = {
  /** A hex colour such as #3B82F6 (Form.Item passes it in). */
  value?: string;
  onChange?: (value: string) => void;
  /** The field's name for screen readers (the visible label belongs to the Form.Item). */
  label: string;
  suggestedLabel: string;
  id?: string;
};

/**
 * A group's colour: the browser's own colour input (phones open their system picker) and the suggested colours as
 * swatches. antd's ColorPicker is a shared module, and sharing keeps all of it: its presets panel brought Collapse
 * into every page that shows an antd Button (the button's style reads a helper from that panel).
 */
export function ColourField({ value = '#3B82F6', onChange, label, suggestedLabel, id }: ColourFieldProps) {
  const { token } = theme.useToken();
  const current = value.toUpperCase();
  return (
    <Flex gap={8} align="center" wrap>
      <input
        id={id}
        type="color"
        aria-label={label}
        value={current.toLowerCase()}
        onChange={(e) => onChange?.(e.target.value.toUpperCase())}
        style={{
          width: 44,
          height: 32,
          padding: 2,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          background: token.colorBgContainer,
          cursor: 'pointer',
        }}
      />
      <Flex gap={4} role="group" aria-label={suggestedLabel} wrap>
        {SUGGESTED_COLOURS.map((colour) => (
          <button
            key={colour}
            type="button"
            aria-label={colour}
            aria-pressed={current === colour}
            onClick={() => onChange?.(colour)}
            style={{
              width: 24,
              height: 24,
              padding: 0,
              borderRadius: '50%',
              background: colour,
              cursor: 'pointer',
              border: `2px solid ${current === colour ? token.colorText : 'transparent'}`,
              outlineOffset: 2,
            }}
          />
        ))}
      </Flex>
    </Flex>
  );
}
