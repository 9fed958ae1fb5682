import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, getRuntimeConfig, parseRuntimeConfig } from './runtime-config';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('runtime config', () => {
  it('uses the defaults when the tag is the dev server’s {} or absent', () => {
    expect(getRuntimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
    document.head.innerHTML = '<meta name="quokka-config" content="{}">';
    expect(getRuntimeConfig()).toEqual({
      storeName: 'Quokka',
      apiNamespace: 'storefront',
      marketingUrl: '/browse',
      stripePublishableKey: null,
      recaptchaSiteKey: null,
      googlePlacesKey: null,
      sandbox: true,
      apiBase: null,
      business: {
        tradingName: 'Quokka Marketplace Pty Ltd',
        abn: '12 345 679 016',
        supportEmail: 'support@example.com',
        supportPhone: '1300 975 707',
      },
    });
  });

  it("[I11-12] reads the operator's identity, keeping a support contact given alone", () => {
    const config = parseRuntimeConfig(
      JSON.stringify({
        business: {
          tradingName: 'Wattle Pty Ltd',
          abn: '51 824 753 556',
          supportEmail: null,
          supportPhone: '1300 975 708',
        },
      }),
    );
    expect(config.business).toEqual({
      tradingName: 'Wattle Pty Ltd',
      abn: '51 824 753 556',
      supportEmail: null,
      supportPhone: '1300 975 708',
    });
    expect(parseRuntimeConfig('{"business":"nope"}').business).toEqual(DEFAULT_RUNTIME_CONFIG.business);
  });

  it('reads the HTML-escaped JSON the server writes into the tag', () => {
    document.head.innerHTML =
      '<meta name="quokka-config" content="{&quot;storeName&quot;:&quot;Quokka &amp; Co&quot;,&quot;apiNamespace&quot;:&quot;storefront&quot;,&quot;marketingUrl&quot;:&quot;https://quokka.example/&quot;,&quot;stripePublishableKey&quot;:&quot;pk_test_1&quot;,&quot;recaptchaSiteKey&quot;:null,&quot;googlePlacesKey&quot;:null,&quot;sandbox&quot;:false}">';
    expect(getRuntimeConfig()).toMatchObject({
      storeName: 'Quokka & Co',
      marketingUrl: 'https://quokka.example/',
      stripePublishableKey: 'pk_test_1',
      recaptchaSiteKey: null,
      sandbox: false,
    });
  });

  it('falls back field by field on malformed content', () => {
    expect(parseRuntimeConfig('{broken')).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig('{"storeName":42,"sandbox":"yes","apiNamespace":""}')).toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
  });
});
