// The call-to-action editor of the EyeMail forms: the button text box stops at 16 characters and
// counts them, Add waits until the button is valid, a wrong URL is named, https:// is added, a
// button can be edited and removed, and no more than four are offered.
import { describe, expect, it } from '@jest/globals';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import type { CtaButton } from '@shared/snippet-rules';
import { renderWithProviders } from '@/testing/render';
import { CtaEditor } from './cta-editor';

const SHOP: CtaButton = { title: 'Shop', url: 'https://shop.example.com/', backgroundColor: '#444444', fontColor: '#ffffff', btnSize: 'small', fontSize: 'small', radius: 0, bold: true };

// The form around the editor: it keeps the list, and records what the editor says is pending.
function Form({ initial = [] as CtaButton[], pending = [] as (string | null)[] }) {
  const [buttons, setButtons] = useState(initial);
  return <CtaEditor value={buttons} onChange={setButtons} onPendingChange={(p) => pending.push(p)} />;
}

describe('call-to-action editor', () => {
  it('stops the button text at 16 characters and counts them as one types', async () => {
    const { user } = renderWithProviders(<Form />);
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    const editor = screen.getByRole('group', { name: 'New button' });
    const text = within(editor).getByLabelText(/^Button text/);
    await user.type(text, 'Shop the spring sale');
    expect((text as HTMLInputElement).value).toBe('Shop the spring ');
    expect(within(editor).getByText('Up to 16 characters (16/16)')).toBeTruthy();
    await user.clear(text);
    await user.type(text, 'Shop now');
    expect(within(editor).getByText('Up to 16 characters (8/16)')).toBeTruthy();
    expect(within(editor).queryByText(/must not exceed/)).toBeNull();
  });

  it('waits for a valid text and URL before Add, names a wrong URL, and adds https://', async () => {
    const pending: (string | null)[] = [];
    const { user } = renderWithProviders(<Form pending={pending} />);
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    const editor = screen.getByRole('group', { name: 'New button' });
    const add = within(editor).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(within(editor).getByText('Fill in the text and the URL to see the button.')).toBeTruthy();
    await user.type(within(editor).getByLabelText(/^Button text/), 'Shop now');
    await user.type(within(editor).getByLabelText(/^Button URL/), 'not a url');
    expect(within(editor).getByText('Not a valid url.')).toBeTruthy();
    expect(add.disabled).toBe(true);
    expect(pending.at(-1)).toBe('add');
    await user.clear(within(editor).getByLabelText(/^Button URL/));
    await user.type(within(editor).getByLabelText(/^Button URL/), 'shop.example.com/spring');
    expect(within(editor).queryByText('Not a valid url.')).toBeNull();
    expect(within(editor).queryByText('Fill in the text and the URL to see the button.')).toBeNull();
    expect(add.disabled).toBe(false);
    await user.click(add);
    const saved = screen.getByRole('group', { name: 'Button 1: Shop now' });
    expect(within(saved).getByText('https://shop.example.com/spring')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'New button' })).toBeNull();
    expect(pending.at(-1)).toBe(null);
  });

  it('edits a button in place and removes it', async () => {
    const pending: (string | null)[] = [];
    const { user } = renderWithProviders(<Form initial={[SHOP]} pending={pending} />);
    await user.click(screen.getByRole('button', { name: 'Edit button Shop' }));
    const editor = screen.getByRole('group', { name: 'Edit button' });
    const text = within(editor).getByLabelText(/^Button text/);
    expect((text as HTMLInputElement).value).toBe('Shop');
    await user.type(text, ' today');
    expect(pending.at(-1)).toBe('update');
    await user.click(within(editor).getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('group', { name: 'Button 1: Shop today' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Button 1: Shop' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove button Shop today' }));
    expect(screen.queryByRole('group', { name: /^Button 1/ })).toBeNull();
  });

  it('offers no fifth button', () => {
    renderWithProviders(<Form initial={[SHOP, SHOP, SHOP, SHOP]} />);
    expect(screen.queryByRole('button', { name: 'Add button' })).toBeNull();
    expect(screen.getByText('You can add up to 4 call-to-action buttons.')).toBeTruthy();
  });
});
