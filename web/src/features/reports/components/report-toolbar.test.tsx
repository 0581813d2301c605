// The report toolbar's Export, without a server or a browser: the button says it is working while
// the CSV is fetched (a second press meanwhile asks nothing more), and a server error or a dropped
// connection is said as 'Failed to download' with nothing saved. The CSV itself, and the session
// that ended (the sign-in form and back to the report), are the browser's
// (test/browser/reports-export.test.ts).
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '@/testing/render';
import { fakeApi, type Envelope } from '@/testing/fake-api';
import { ReportToolbar } from './report-toolbar';

const ID = 'snip-1';
const DOWNLOAD = `GET reports/${ID}/download`;

// Whatever the page would save: a link clicked to download a file.
let saved: jest.SpiedFunction<() => void>;
beforeEach(() => {
  saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  saved.mockRestore();
  // The toasts live in one store for the whole file: the next test starts without them.
  act(() => notifications.clean());
});

function renderToolbar(download: () => Envelope | Promise<Envelope>) {
  const api = fakeApi({ [DOWNLOAD]: download });
  const noop = () => undefined;
  const view = renderWithProviders(
    <ReportToolbar
      snippetId={ID}
      snippets={[{ snippet: ID, title: 'Spring launch' } as never]}
      currentTitle="Spring launch"
      query={{ receiver: 'bob@example.com' }}
      disabled={false}
      refreshing={false}
      onSelect={noop}
      onChange={noop}
      onRefresh={noop}
    />,
  );
  return { ...view, api, exportButton: screen.getByRole('button', { name: 'Export' }) };
}

describe('report toolbar: Export', () => {
  it('is busy while the server works, asks once however often it is pressed, and says a server error', async () => {
    let answer: (e: Envelope) => void = () => undefined;
    const held = new Promise<Envelope>((resolve) => (answer = resolve));
    const { user, api, exportButton } = renderToolbar(() => held);
    await user.click(exportButton);
    await waitFor(() => expect(exportButton.getAttribute('aria-busy')).toBe('true'));
    await user.click(exportButton);
    expect(api.calls.filter((c) => c.route === DOWNLOAD)).toHaveLength(1);
    expect(api.calls[0].url.searchParams.get('receiver')).toBe('bob@example.com');
    expect(screen.queryByText('Failed to download')).toBeNull();

    answer({ result: false, message: 'boom' });
    expect(await screen.findByText('Failed to download')).toBeTruthy();
    expect(screen.getByText('The report could not be exported. Please try again.')).toBeTruthy();
    await waitFor(() => expect(exportButton.getAttribute('aria-busy')).toBe('false'));
    expect((exportButton as HTMLButtonElement).disabled).toBe(false);
    expect(saved).not.toHaveBeenCalled();
  });

  it('says a dropped connection the same way, and saves nothing', async () => {
    const { user, exportButton } = renderToolbar(() => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(exportButton);
    expect(await screen.findByText('Failed to download')).toBeTruthy();
    await waitFor(() => expect(exportButton.getAttribute('aria-busy')).toBe('false'));
    expect(saved).not.toHaveBeenCalled();
  });
});
