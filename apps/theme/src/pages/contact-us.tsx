/** GET /contact-us: the ways to reach the shop its settings give. */
import type { Settings } from '../api';
import type { ThemeContext } from '../env';
import { renderPage } from '../render';

type Contact = { branding: Settings['branding']; chat: string | null };

export function load(c: ThemeContext): Contact {
  const branding = c.get('settings').branding;
  const chat = branding.messagingNumber
    ? `https://wa.me/${branding.messagingNumber.replace(/[^0-9]/g, '')}?text=${encodeURIComponent(branding.messagingText ?? '')}`
    : null;
  return { branding: branding, chat };
}

export function render(c: ThemeContext, { branding: b, chat }: Contact) {
  return renderPage(
    c,
    { url: '/contact-us', fallbackTitle: 'Contact us' },
    <div class="prose">
      <h1>Contact us</h1>
      <p>We answer every message within a working day.</p>
      <dl>
        {b.helpEmail ? (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${b.helpEmail}`}>{b.helpEmail}</a>
            </dd>
          </>
        ) : null}
        {b.helpPhone ? (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${b.helpPhone.replace(/\s+/g, '')}`}>{b.helpPhone}</a>
            </dd>
          </>
        ) : null}
        {chat ? (
          <>
            <dt>Chat</dt>
            <dd>
              <a href={chat} rel="noopener">
                Message us
              </a>
            </dd>
          </>
        ) : null}
        {b.address ? (
          <>
            <dt>Address</dt>
            <dd>{b.address}</dd>
          </>
        ) : null}
      </dl>
    </div>,
  );
}
