import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { switchLanguage, ThemeProvider } from '@portal/web-core';
import { audienceRequest, AudiencePicker, classSections, type AudienceChoices } from './AudiencePicker';

const choices: AudienceChoices = {
  groups: [
    { _id: 'g1', name: 'Science Club' },
    { _id: 'g2', name: 'Chess' },
  ],
  // Each class and section once, whatever the order and repeats of the mentees list.
  mentees: [
    { class: '10', section: 'A' },
    { class: '9', section: 'B' },
    { class: '9', section: 'A' },
    { class: '9', section: 'A' },
  ],
};

/** The picker as a form holds it, showing what it would send. */
function Picked({ initial = 'all', ...over }: Partial<AudienceChoices> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <ThemeProvider>
      <label htmlFor="audience">Target audience</label>
      <AudiencePicker id="audience" {...choices} {...over} value={value} onChange={setValue} />
      <output data-testid="request">{JSON.stringify(audienceRequest(value))}</output>
    </ThemeProvider>
  );
}

const open = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Target audience' }));
const sent = () => JSON.parse(screen.getByTestId('request').textContent ?? '{}') as object;

describe('the audience picker', () => {
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('offers everyone, mentees, mentors, each active group and each class-section of the mentees', async () => {
    render(<Picked />);
    open();
    await screen.findByRole('listbox');
    const labels = ['Everyone', 'Mentees', 'Mentors', 'Group: Science Club', 'Group: Chess'];
    labels.push('Class 9-A', 'Class 9-B', 'Class 10-A');
    expect(labels.filter((label) => !screen.queryAllByTitle(label).length)).toEqual([]);
    expect(screen.getAllByTitle(/^Class /)).toHaveLength(3);
    expect(screen.getByText('Your groups')).toBeInTheDocument();
    expect(screen.getByText("Your mentees' classes")).toBeInTheDocument();
  });

  it('sends a group by its id, a class with its section, a role audience as it always was', async () => {
    render(<Picked />);
    expect(sent()).toEqual({ targetAudience: 'all' });
    open();
    fireEvent.click(await screen.findByTitle('Group: Science Club'));
    expect(sent()).toEqual({ targetAudience: 'group', groupId: 'g1' });
    expect(screen.getByRole('combobox', { name: 'Target audience' }).closest('.ant-select')).toHaveTextContent(
      'Group: Science Club',
    );
    open();
    fireEvent.click(await screen.findByTitle('Class 9-B'));
    expect(sent()).toEqual({ targetAudience: 'class', class: '9', section: 'B' });
    open();
    fireEvent.click(await screen.findByTitle('Mentees'));
    expect(sent()).toEqual({ targetAudience: 'mentees' });
  });

  it('offers only the role audiences to a mentor without groups or mentees', async () => {
    render(<Picked groups={[]} mentees={[]} />);
    open();
    expect(await screen.findByTitle('Mentors')).toBeInTheDocument();
    expect(screen.queryByText('Your groups')).not.toBeInTheDocument();
    expect(screen.queryByText("Your mentees' classes")).not.toBeInTheDocument();
  });

  it('names the audiences in Hindi', async () => {
    await act(() => switchLanguage('hi'));
    render(<Picked initial={'class:["9","A"]'} />);
    expect(screen.getByRole('combobox', { name: 'Target audience' }).closest('.ant-select')).toHaveTextContent(
      'कक्षा 9-A',
    );
    open();
    expect(await screen.findByTitle('समूह: Science Club')).toBeInTheDocument();
    expect(screen.getByTitle('सभी')).toBeInTheDocument();
  });

  it('orders class-sections as people count: 9 before 10', () => {
    expect(classSections(choices.mentees)).toEqual([
      { class: '9', section: 'A' },
      { class: '9', section: 'B' },
      { class: '10', section: 'A' },
    ]);
  });
});
