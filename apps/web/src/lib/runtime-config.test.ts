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
    });
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
