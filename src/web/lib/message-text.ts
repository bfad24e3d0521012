import type { DeviceMessageView } from '@shared/api/device';

const LANGUAGES = ['en', 'fr', 'ar'] as const;
type MessageLanguage = (typeof LANGUAGES)[number];

/**
 * The text of a message to show in `language`: that language's, or the first one written (English,
 * French, Arabic), with the language it is in, so the page can mark it (`lang`, direction).
 */
export function messageText(
  texts: DeviceMessageView['texts'],
  language: string,
): { text: string; language: MessageLanguage } {
  const wanted = LANGUAGES.find((code) => language.startsWith(code));
  for (const code of wanted ? [wanted, ...LANGUAGES] : LANGUAGES) {
    const text = texts[code];
    if (text) return { text, language: code };
  }
  return { text: '', language: 'en' };
}
