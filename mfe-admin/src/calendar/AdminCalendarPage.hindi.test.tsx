import { act, fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { schoolCalendar } from '@portal/web-core/testing';
import { switchLanguage } from '@portal/web-core';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { AdminCalendarPage } from './AdminCalendarPage';

const YEAR = dayjs().year();
const CALENDAR = schoolCalendar(`${YEAR}-03-10`, {
  timezone: 'Asia/Kolkata',
  closures: [{ date: `${YEAR}-03-14`, reason: 'Holi' }],
});

describe('the school calendar in Hindi', () => {
  beforeEach(async () => {
    mockApi({ 'GET /calendar': CALENDAR });
    await act(() => switchLanguage('hi'));
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('names the page, the weekdays and the dates in Hindi', async () => {
    renderWithPortal(<AdminCalendarPage />);
    expect(screen.getByRole('heading', { name: 'स्कूल कैलेंडर' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'सेटिंग्स' })).toBeInTheDocument();
    // "dddd, D MMMM YYYY" with Hindi day and month names.
    expect(screen.getByText(/स्कूल के अनुसार आज/)).toHaveTextContent(
      `स्कूल के अनुसार आज ${dayjs(CALENDAR.today).locale('hi').format('dddd, D MMMM YYYY')} है।`,
    );
    expect(screen.getByRole('checkbox', { name: 'रविवार' })).toBeChecked();
    expect(await screen.findByText('Holi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${YEAR}-03-14 (Holi) हटाएँ` })).toBeInTheDocument();
  });

  it('names the school office’s e-mail and says in Hindi what is wrong with it', async () => {
    renderWithPortal(<AdminCalendarPage />);
    const field = await screen.findByLabelText('स्कूल कार्यालय का ई-मेल');
    expect(screen.getByText(/अभिभावकों को भेजे गए ई-मेल प्रश्नों के लिए इसी पते पर/)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'office at school' } });
    fireEvent.click(screen.getByRole('button', { name: /सेटिंग्स सहेजें/ }));
    expect(await screen.findByText('एक ई-मेल पता लिखें, जैसे office@school.edu')).toBeInTheDocument();
  });

  it('says what is wrong with each imported line in Hindi', async () => {
    renderWithPortal(<AdminCalendarPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'आयात करने के लिए बंदी के दिन' }), {
      target: { value: '25/12/2026,Christmas\n2026-12-26' },
    });
    expect(screen.getByText('आयात से पहले 2 पंक्तियाँ ठीक करें')).toBeInTheDocument();
    const list = screen.getByTestId('import-errors');
    expect(list).toHaveTextContent('पंक्ति 1: "25/12/2026" YYYY-MM-DD के रूप में लिखी तारीख नहीं है');
    expect(list).toHaveTextContent('पंक्ति 2: तारीख के बाद कारण लिखना ज़रूरी है');
  });
});
