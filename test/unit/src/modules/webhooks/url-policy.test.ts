import { describe, expect, it } from 'vitest';
import { webhookUrlRefusal } from '../../../../../src/modules/webhooks/url-policy';

describe('the webhook URL rule', () => {
  it('admits a public https URL', () => {
    expect(webhookUrlRefusal('https://hooks.example.com/shop', false)).toBeNull();
  });

  it('refuses what is not an absolute https URL, or carries credentials', () => {
    expect(webhookUrlRefusal('/relative', false)).toBe('Must be an absolute URL.');
    expect(webhookUrlRefusal('http://hooks.example.com/', false)).toBe('Must be an https:// URL.');
    expect(webhookUrlRefusal('https://u:p@hooks.example.com/', false)).toBe(
      'Must not carry a user name or password.',
    );
  });

  it('refuses private and reserved addresses, loopback unless allowed', () => {
    for (const host of ['10.0.0.1', '192.168.1.1', '169.254.169.254', '[fd00::1]']) {
      expect(webhookUrlRefusal(`https://${host}/`, true)).toBe(
        'Must not point to a private or reserved address.',
      );
    }
    expect(webhookUrlRefusal('https://127.0.0.1/', false)).toBe(
      'Must not point to a loopback address.',
    );
    expect(webhookUrlRefusal('http://127.0.0.1:8080/', true)).toBeNull();
    expect(webhookUrlRefusal('http://10.0.0.1/', true)).toBe(
      'Must not point to a private or reserved address.',
    );
  });
});
