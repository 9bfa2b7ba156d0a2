import { Flex, theme } from 'antd';
import { useMentorT } from '../i18n';

/** The suggested group colours (named for screen readers); any other is one tap on the colour input away. */
export const SUGGESTED_COLOURS = [
  { hex: '#3B82F6', name: 'blue' },
  { hex: '#10B981', name: 'green' },
  { hex: '#F59E0B', name: 'amber' },
  { hex: '#EF4444', name: 'red' },
  { hex: '#8B5CF6', name: 'violet' },
  { hex: '#06B6D4', name: 'cyan' },
  { hex: '#EC4899', name: 'pink' },
] as const;

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
  const { t } = useMentorT();
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
        {SUGGESTED_COLOURS.map(({ hex: colour, name }) => (
          <button
            key={colour}
            type="button"
            aria-label={t(`groups.colourNames.${name}`)}
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
