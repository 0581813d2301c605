// The Rename video dialog's own decisions, without a server or a browser: the current name to
// begin with, a blank name refused in place with nothing sent, the name sent trimmed, the
// server's refusal shown under the field with the dialog kept open, and Cancel sending nothing.
// The renamed card in the real library, and the dialog's accessibility, are the browser's
// (test/browser/library-and-editor.test.ts).
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '@/testing/render';
import { fakeApi, type Answer } from '@/testing/fake-api';
import { RenameVideoModal } from './rename-video-modal';

const VIDEO = { fileId: 'f-1', name: 'Launch teaser' };

afterEach(() => act(() => notifications.clean()));

function renderRename(answer: Answer) {
  const api = fakeApi({ 'PATCH files/f-1': answer });
  const onClose = jest.fn();
  const view = renderWithProviders(<RenameVideoModal video={VIDEO} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: 'Rename video' }));
  const field = dialog.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
  return { ...view, api, onClose, dialog, field, sent: () => api.bodiesOf('PATCH files/f-1') };
}

describe('Rename video', () => {
  it('starts from the current name and refuses a blank one in place, sending nothing', async () => {
    const { user, dialog, field, sent, onClose } = renderRename({ result: true, body: {} });
    expect(field.value).toBe('Launch teaser');
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('Name is required')).toBeTruthy();
    expect(sent()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    // Typing again clears the message.
    await user.type(field, 'x');
    expect(dialog.queryByText('Name is required')).toBeNull();
  });

  it('sends the name trimmed on Enter, says so and closes', async () => {
    const { user, field, sent, onClose } = renderRename({ result: true, body: {} });
    await user.clear(field);
    await user.type(field, '  Launch <teaser>  {Enter}');
    expect(await screen.findByText('Renamed to "Launch <teaser>".')).toBeTruthy();
    expect(sent()).toEqual([{ name: 'Launch <teaser>' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal under the field and stays open", async () => {
    const { user, dialog, field, onClose } = renderRename({ result: false, message: 'Invalid request.', errors: { name: 'Name cannot contain line breaks or control characters' } });
    await user.clear(field);
    await user.type(field, 'Spring');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name cannot contain line breaks or control characters')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel sends nothing', async () => {
    const { user, dialog, sent, onClose } = renderRename({ result: true, body: {} });
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual([]);
  });
});
