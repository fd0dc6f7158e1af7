import { escapeHtml, html, SafeHtml } from './html';

describe('html templates', () => {
  it('escapes every interpolated value', () => {
    const name = `<script>alert("x")</script> & 'quotes'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>',
    );
  });

  it('keeps nested templates, joins arrays and drops null, undefined and false', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe(
      '<ul><li>a&lt;b</li><li>c</li></ul>0',
    );
  });

  it('passes SafeHtml through untouched', () => {
    expect(html`${new SafeHtml('<b>ok</b>')}`.value).toBe('<b>ok</b>');
    expect(escapeHtml('plain')).toBe('plain');
  });
});
