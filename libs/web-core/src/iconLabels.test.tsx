import { act, render, screen, within } from '@testing-library/react';
import { Alert, DatePicker, Select } from 'antd';
import { notify } from './notify';
import { ThemeProvider } from './theme';

// antd names its icons in English (role img, aria-label "info-circle"): a Hindi screen reader would read them out.
describe('icons antd draws itself', () => {
  it('an alert’s status icon is hidden from screen readers: the alert reads as its text only', () => {
    render(
      <ThemeProvider>
        <Alert type="info" showIcon title="सूचना का पाठ" />
        <Alert type="error" showIcon title="त्रुटि" />
      </ThemeProvider>,
    );
    expect(screen.queryAllByRole('img')).toEqual([]);
    expect(document.querySelectorAll('.ant-alert-icon .anticon[aria-hidden="true"]')).toHaveLength(2);
  });

  it('the arrow, clear and calendar icons inside fields are hidden: the field is named by its label', () => {
    render(
      <ThemeProvider>
        <Select aria-label="कक्षा" allowClear value="9" options={[{ value: '9', label: '9' }]} />
        <Select aria-label="समूह" loading options={[]} />
        <DatePicker aria-label="तारीख" />
      </ThemeProvider>,
    );
    expect(screen.queryAllByRole('img')).toEqual([]);
    expect(document.querySelectorAll('.anticon[aria-hidden="true"]').length).toBeGreaterThanOrEqual(4);
  });

  it('a notice’s icon is hidden too, and keeps its colour', async () => {
    render(
      <ThemeProvider>
        <p>page</p>
      </ThemeProvider>,
    );
    act(() => {
      notify.success('छुट्टी स्वीकृत हुई');
      notify.error('सहेजा नहीं जा सका');
    });
    const region = screen.getByRole('status', { name: 'Notices' });
    await within(region).findByText('छुट्टी स्वीकृत हुई');
    await within(region).findByText('सहेजा नहीं जा सका');
    // Only the close button's, which antd names in the page's language.
    expect(within(region).queryAllByRole('img', { name: /circle/ })).toEqual([]);
    const icons = region.querySelectorAll<HTMLElement>('.ant-notification-notice-icon .anticon[aria-hidden="true"]');
    expect(icons).toHaveLength(2);
    for (const icon of icons) expect(icon.style.color).not.toBe('');
  });
});
