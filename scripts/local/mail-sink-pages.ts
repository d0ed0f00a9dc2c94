import type { SinkMessage } from './resend-emails';

/** The sink shows mail written by the app under test; nothing in it may run as script. */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
};

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #222; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #ddd; }
  iframe { width: 100%; height: 60vh; border: 1px solid #ccc; }
  pre { white-space: pre-wrap; background: #f6f6f6; padding: 1rem; }
  dt { font-weight: 600; } dd { margin: 0 0 .4rem; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Lists messages in the order given (the sink passes newest first). */
export function renderInbox(messages: SinkMessage[]): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td>${escapeHtml(m.to.join(', '))}</td>
  <td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td>
  <td><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></td>
</tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table>
<thead><tr><th>To</th><th>Subject</th><th>Sent</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p>No messages yet.</p>';
  return page('Mail sink', `<h1>Mail sink (${messages.length})</h1>\n${table}`);
}

/** One message: its envelope, the HTML body in a sandboxed frame, and the text body. */
export function renderMessage(message: SinkMessage): string {
  const envelope: [string, string][] = [
    ['From', message.from],
    ['To', message.to.join(', ')],
    ['Cc', message.cc.join(', ')],
    ['Reply-To', message.replyTo.join(', ')],
    ['Subject', message.subject],
    ['Sent', message.createdAt],
    ['Id', message.id],
  ];
  const details = envelope
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('\n');
  const html =
    message.html === null
      ? '<p>No HTML body.</p>'
      : `<iframe sandbox title="HTML body" srcdoc="${escapeHtml(message.html)}"></iframe>`;
  const text =
    message.text === null ? '<p>No text body.</p>' : `<pre>${escapeHtml(message.text)}</pre>`;
  return page(
    message.subject,
    `<p><a href="/">&larr; All messages</a></p>
<h1>${escapeHtml(message.subject)}</h1>
<dl>
${details}
</dl>
<h2>HTML</h2>
${html}
<h2>Text</h2>
${text}`,
  );
}
