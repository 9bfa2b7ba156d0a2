import { fireEvent } from '@testing-library/react';

/** Types a date into an antd DatePicker and commits it the way a keyboard user does. */
export function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}
