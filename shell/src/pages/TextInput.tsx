import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useShellT } from '../i18n';

// What inline styles cannot say: the placeholder's colour (from the theme, through a variable) and no second eye in Edge.
const CSS =
  '.portal-input::placeholder{color:var(--portal-placeholder);opacity:1;user-select:none}' +
  '.portal-input:placeholder-shown{text-overflow:ellipsis}.portal-input::-ms-reveal{display:none}';

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size' | 'type'> & {
  ref?: Ref<HTMLInputElement>;
  /** An icon before the text, as antd's `prefix`. */
  prefix?: ReactNode;
  /** A password field with antd's show/hide toggle (a button named Show or Hide, pressed while the text shows). */
  password?: boolean;
  /** Drawn in the error colours, as antd's `status="error"`. */
  invalid?: boolean;
};

/**
 * A large text field drawn from theme tokens to look and behave as antd's `<Input size="large" prefix>` and
 * `<Input.Password>` do (hover, focus ring, error colours, show/hide). antd's Input weighs on the sign-in
 * page: with it come its Form context (the whole form library and its validator), TextArea, Search, OTP and Space.
 */
export function TextInput({
  ref,
  prefix,
  password,
  invalid,
  className,
  style,
  onFocus,
  onBlur,
  ...input
}: TextInputProps) {
  const { token } = theme.useToken();
  const { t } = useShellT();
  const [hover, setHover] = useState(false);
  const [focused, setFocused] = useState(false);
  const [visible, setVisible] = useState(false);
  const [iconHover, setIconHover] = useState(false);
  const own = useRef<HTMLInputElement | null>(null);
  const setRef = (el: HTMLInputElement | null) => {
    own.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };
  const toggle = () => {
    // As antd does: once hidden again, the password leaves the value attribute React wrote while it showed.
    if (visible)
      setTimeout(() => {
        if (own.current?.type === 'password' && own.current.hasAttribute('value')) own.current.removeAttribute('value');
      });
    setVisible((v) => !v);
  };
  const paddingBlock = Math.max(
    Math.ceil(((token.controlHeightLG - token.fontSizeLG * token.lineHeightLG) / 2) * 10) / 10 - token.lineWidth,
    0,
  );
  const borderColor = invalid
    ? focused
      ? token.colorError
      : hover
        ? token.colorErrorBorderHover
        : token.colorError
    : focused
      ? token.colorPrimary
      : hover
        ? token.colorPrimaryHover
        : token.colorBorder;
  const affix = { display: 'flex', flex: 'none', alignItems: 'center' } as const;
  return (
    <span
      className="portal-input-box"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      // A click anywhere in the box (the icon, the padding) puts the caret in the field.
      onClick={() => own.current?.focus()}
      style={{
        position: 'relative',
        display: 'inline-flex',
        boxSizing: 'border-box',
        width: '100%',
        minWidth: 0,
        padding: `${paddingBlock}px ${token.controlPaddingHorizontal - token.lineWidth}px`,
        fontSize: token.fontSizeLG,
        lineHeight: token.lineHeightLG,
        color: token.colorText,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${borderColor}`,
        borderRadius: token.borderRadiusLG,
        transition: `all ${token.motionDurationMid}`,
        ...(focused && {
          outline: 0,
          boxShadow: `0 0 0 ${token.controlOutlineWidth}px ${invalid ? token.colorErrorOutline : token.controlOutline}`,
        }),
      }}
    >
      <style href="portal-input" precedence="default">
        {CSS}
      </style>
      {prefix && (
        <span style={{ ...affix, marginInlineEnd: token.paddingXXS, color: invalid ? token.colorError : undefined }}>
          {prefix}
        </span>
      )}
      <input
        {...input}
        ref={setRef}
        type={password && !visible ? 'password' : 'text'}
        className={['portal-input', className].filter(Boolean).join(' ')}
        onFocus={(e) => {
          setFocused(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          setFocused(false);
          onBlur?.(e);
        }}
        style={{
          boxSizing: 'border-box',
          width: '100%',
          minWidth: 0,
          margin: 0,
          padding: 0,
          border: 'none',
          borderRadius: 0,
          outline: 'none',
          background: 'transparent',
          color: 'inherit',
          font: 'inherit',
          transition: `all ${token.motionDurationMid}`,
          ['--portal-placeholder' as string]: token.colorTextPlaceholder,
          ...style,
        }}
      />
      {password && (
        <span style={{ ...affix, marginInlineStart: token.paddingXXS }}>
          <span
            role="button"
            tabIndex={0}
            aria-disabled={false}
            aria-pressed={visible}
            aria-label={visible ? t('signIn.hide') : t('signIn.show')}
            // The field keeps the focus and the caret its place.
            onMouseDown={(e) => e.preventDefault()}
            onMouseUp={(e) => e.preventDefault()}
            onClick={toggle}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              if (!e.repeat) toggle();
            }}
            onMouseEnter={() => setIconHover(true)}
            onMouseLeave={() => setIconHover(false)}
            style={{
              display: 'inline-flex',
              cursor: 'pointer',
              color: iconHover ? token.colorIconHover : token.colorIcon,
              transition: `all ${token.motionDurationSlow}`,
            }}
          >
            {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
          </span>
        </span>
      )}
    </span>
  );
}
