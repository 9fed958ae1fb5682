import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { renderIndexHtml, runtimeConfig } from './web-app.ts';

describe('[I11-12] the runtime config hands the web app the operator and its support contact', () => {
  it('writes the identity from the settings into the meta tag, escaped', () => {
    const config = loadConfig({
      OPERATOR_NAME: 'Wattle & Co Pty Ltd',
      OPERATOR_ABN: '51824753556',
      SUPPORT_EMAIL: 'help@wattle.example',
    });
    expect(runtimeConfig(config).business).toEqual({
      tradingName: 'Wattle & Co Pty Ltd',
      abn: '51 824 753 556',
      supportEmail: 'help@wattle.example',
      supportPhone: null,
    });
    const html = renderIndexHtml(
      '<head><meta name="quokka-config" content="{}"></head>',
      runtimeConfig(config),
    );
    expect(html).toContain('&#34;tradingName&#34;:&#34;Wattle &#38; Co Pty Ltd&#34;');
    expect(html).toContain('&#34;abn&#34;:&#34;51 824 753 556&#34;');
  });
});
