// The unsubscribe pages (served without a session). Fixed text only, nothing the user typed
// except the token, which is escaped into the form's address.

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · EyeMail</title></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export function confirmPage(token: string, all: boolean): string {
  const what = all ? 'every notification mail of your account' : 'notification mails about this EyeMail';
  return page('Turn off notifications', `<p>Stop ${what}? You can turn them back on in the dashboard's settings.</p>
<form method="post" action="/notifications/unsubscribe?token=${escape(encodeURIComponent(token))}"><button type="submit">Turn off</button></form>`);
}

export function donePage(all: boolean): string {
  return page('Notifications turned off', `<p>${all ? 'No more notification mails will be sent for your account.' : 'No more notification mails will be sent about this EyeMail.'} Turn them back on any time in Settings.</p>`);
}

export function invalidPage(): string {
  return page('Link not valid', '<p>This unsubscribe link is not valid. Sign in and change your notifications in Settings.</p>');
}
