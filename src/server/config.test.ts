import { describe, expect, it } from 'vitest';
import { EXAMPLE_BRAND, UNCONFIGURED_BRAND } from '../shared/brand';
import { brandWarning, ConfigError, loadConfig } from './config';

const COMPLETE_BRAND = {
  BRAND_NAME: 'Acme TV Player',
  BRAND_SHORT_NAME: 'Acme',
  BRAND_SUPPORT_EMAIL: 'help@acme-tv.fr',
  BRAND_PHONE: '+33 1 23 45 67 89',
  BRAND_WHATSAPP: '+33 6 12 34 56 78',
  BRAND_TELEGRAM: '@acme_tv',
  BRAND_ADDRESS: '12 rue de la Paix | 75002 Paris',
  BRAND_APP_STORE_URL: 'https://apps.apple.com/fr/app/acme-tv/id1234567890',
  BRAND_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=fr.acmetv.player',
  PRICE_ONE_YEAR: '19.99',
  PRICE_LIFETIME: '39',
  CREDIT_PACKS: '20:9, 10:10,100:7.5',
};

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('loadConfig accepted it');
}

describe('configuration: the brand', () => {
  it('reads the operator’s name, contacts and prices', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...COMPLETE_BRAND });
    expect(config.brand).toEqual({
      name: 'Acme TV Player',
      shortName: 'Acme',
      supportEmail: 'help@acme-tv.fr',
      phone: '+33 1 23 45 67 89',
      whatsapp: '33612345678',
      telegram: 'acme_tv',
      address: ['12 rue de la Paix', '75002 Paris'],
      appStoreUrl: 'https://apps.apple.com/fr/app/acme-tv/id1234567890',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=fr.acmetv.player',
      prices: {
        viewer: { year: 19.99, lifetime: 39 },
        creditPacks: [
          { min: 10, max: 19, pricePerCredit: 10 },
          { min: 20, max: 99, pricePerCredit: 9 },
          { min: 100, max: null, pricePerCredit: 7.5 },
        ],
      },
    });
    expect(config.unsetBrandVariables).toEqual([]);
    expect(brandWarning(config)).toBeNull();
  });

  it('sends WhatsApp chats to the phone number unless told otherwise', () => {
    const { BRAND_WHATSAPP: _unused, ...withoutWhatsapp } = COMPLETE_BRAND;
    const config = loadConfig({ NODE_ENV: 'production', ...withoutWhatsapp });
    expect(config.brand.whatsapp).toBe('33123456789');
    expect(config.unsetBrandVariables).toEqual([]);
    expect(loadConfig({ BRAND_PHONE: '+44 20 7946 0000' }).brand.whatsapp).toBe('442079460000');
  });

  it('shows plain examples in development while the variables are unset', () => {
    const config = loadConfig({});
    expect(config.brand).toEqual(EXAMPLE_BRAND);
    expect(config.brand.supportEmail).toMatch(/@example\.com$/);
    expect(config.unsetBrandVariables).toEqual([]);
  });

  it('refuses a malformed value, naming its variable', () => {
    const message = configError({
      BRAND_SUPPORT_EMAIL: 'support-at-acme',
      BRAND_APP_STORE_URL: 'apps.apple.com/app/id1',
      BRAND_PLAY_STORE_URL: 'http://play.google.com/store/apps/details?id=x',
      BRAND_WHATSAPP: '12 34',
      BRAND_TELEGRAM: 'a b',
      PRICE_ONE_YEAR: 'five',
      CREDIT_PACKS: '10=8',
    });
    expect(message).toMatch(/BRAND_SUPPORT_EMAIL: must be an e-mail address/);
    expect(message).toMatch(/BRAND_APP_STORE_URL: must be an https:\/\/ address/);
    expect(message).toMatch(/BRAND_PLAY_STORE_URL: must be an https:\/\/ address/);
    expect(message).toMatch(/BRAND_WHATSAPP: must have 8 to 15 digits/);
    expect(message).toMatch(/BRAND_TELEGRAM: must be a Telegram username/);
    expect(message).toMatch(/PRICE_ONE_YEAR: must be a number/);
    expect(message).toMatch(/CREDIT_PACKS: must be min:price pairs/);
    expect(configError({ CREDIT_PACKS: '10:8,10:7' })).toMatch(/CREDIT_PACKS: two packs start/);
    expect(configError({ PRICE_LIFETIME: '9.999' })).toMatch(/PRICE_LIFETIME: at most two decimals/);
  });

  it('in production, hides every unset contact and names each unset variable in a warning', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.brand).toEqual(UNCONFIGURED_BRAND);
    expect(config.brand.phone).toBeNull();
    const variables = [
      'BRAND_NAME',
      'BRAND_PHONE',
      'BRAND_WHATSAPP',
      'BRAND_SUPPORT_EMAIL',
      'BRAND_TELEGRAM',
      'BRAND_ADDRESS',
      'BRAND_APP_STORE_URL',
      'BRAND_PLAY_STORE_URL',
      'PRICE_ONE_YEAR',
      'PRICE_LIFETIME',
      'CREDIT_PACKS',
    ];
    expect(config.unsetBrandVariables).toEqual(variables);
    const warning = brandWarning(config) ?? '';
    expect(warning).toMatch(/^BRAND NOT CONFIGURED/);
    for (const variable of variables) expect(warning).toContain(variable);
  });

  it('takes an empty value as "we have none": hidden, and no warning for it', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ...COMPLETE_BRAND,
      BRAND_TELEGRAM: '',
      BRAND_PLAY_STORE_URL: ' ',
      BRAND_PHONE: '',
      BRAND_WHATSAPP: '',
    });
    expect(config.brand).toMatchObject({ telegram: null, playStoreUrl: null, phone: null, whatsapp: null });
    expect(config.unsetBrandVariables).toEqual([]);
    // In development too: the way to see the pages without a contact.
    expect(loadConfig({ BRAND_PHONE: '', BRAND_WHATSAPP: '' }).brand).toMatchObject({
      phone: null,
      whatsapp: null,
    });
  });
});

describe('configuration: the reseller API rate', () => {
  it('reads API_RATE_LIMIT_PER_MINUTE, still reads its earlier name, and refuses a bad value', () => {
    expect(loadConfig({}).limits.apiCallsPerKey).toBe(600);
    expect(loadConfig({ API_RATE_LIMIT_PER_MINUTE: '1200' }).limits.apiCallsPerKey).toBe(1200);
    expect(loadConfig({ API_CALLS_PER_MINUTE: '30' }).limits.apiCallsPerKey).toBe(30);
    expect(
      loadConfig({ API_RATE_LIMIT_PER_MINUTE: '90', API_CALLS_PER_MINUTE: '30' }).limits.apiCallsPerKey,
    ).toBe(90);
    expect(configError({ API_RATE_LIMIT_PER_MINUTE: '0' })).toContain('API_RATE_LIMIT_PER_MINUTE');
  });
});

describe('configuration: the public forms', () => {
  it('reads PUBLIC_FORMS_PER_HOUR (5 by default) and refuses a bad value', () => {
    expect(loadConfig({}).limits.publicFormsPerIp).toBe(5);
    expect(loadConfig({ PUBLIC_FORMS_PER_HOUR: '40' }).limits.publicFormsPerIp).toBe(40);
    expect(configError({ PUBLIC_FORMS_PER_HOUR: '0' })).toContain('PUBLIC_FORMS_PER_HOUR');
    expect(configError({ PUBLIC_FORMS_PER_HOUR: 'many' })).toContain('PUBLIC_FORMS_PER_HOUR');
  });
});
