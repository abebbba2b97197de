import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes what could end an attribute or open a tag, and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Ọlá 🂡 ₦1,500')).toBe('Ọlá 🂡 ₦1,500');
    // Escaped once: an entity already in the text is shown as written.
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
