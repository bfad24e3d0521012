import { ERROR_CODES } from '@shared/api/common';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@web/i18n/languages';

describe('error translations', () => {
  it.each(LANGUAGE_CODES)('has a message for every server error code in %s', (lng) => {
    const t = i18next.getFixedT(lng, 'common');
    for (const code of [...ERROR_CODES, 'network_error', 'invalid_response', 'unknown']) {
      expect(
        i18next.exists(`errors.${code}`, { lng, ns: 'common', fallbackLng: false }),
        `${lng}: ${code}`,
      ).toBe(true);
      expect(t(`errors.${code}` as 'errors.unknown')).not.toBe(`errors.${code}`);
    }
  });
});
