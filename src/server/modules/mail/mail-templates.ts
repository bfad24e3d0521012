import { directionOf, toSupportedLanguage, type LanguageCode } from '../../../shared/languages';
import ar from '../../../../public/locales/ar/mail.json';
import en from '../../../../public/locales/en/mail.json';
import fr from '../../../../public/locales/fr/mail.json';
import type { MailMessage } from './mailer';

/** The same files as the web app's translations (npm run check:i18n keeps them complete). */
const TEXTS: Record<LanguageCode, typeof en> = { en, fr, ar };

type Recipient = { email: string; name: string; language: string };
/** The operator's name (BRAND_NAME), as the e-mails sign. */
type BrandName = string;
type Values = Record<string, string | number>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function fill(template: string, values: Values): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** `htmlOnly`: said in the HTML part only (the plain-text part shows the link as text anyway). */
type Block =
  | { text: string; htmlOnly?: boolean; strong?: boolean }
  | { link: string; label: string }
  | { items: string[] };

/**
 * One layout for every e-mail: greeting, paragraphs (or a button), footer. The HTML carries `lang` and
 * `dir`, so Arabic reads right to left in mail clients; the plain-text part has the same words.
 */
function compose(brand: BrandName, to: Recipient, subjectTemplate: string, blocks: Block[]): MailMessage {
  const language = toSupportedLanguage(to.language);
  const t = TEXTS[language];
  const values = { brand, name: to.name, email: to.email };
  const subject = fill(subjectTemplate, values);
  const greeting = fill(t.greeting, values);
  const textLines = blocks.flatMap((b) =>
    'link' in b
      ? [`${b.label}: ${b.link}`]
      : 'items' in b
        ? [b.items.map((item) => `- ${item}`).join('\n')]
        : b.htmlOnly
          ? []
          : [b.text],
  );
  const footer = fill(t.footer, values);
  const dir = directionOf(language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const htmlBlocks = blocks.map((b) =>
    'items' in b
      ? `<ul style="margin:0 0 16px;padding-inline-start:20px">${b.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
      : 'text' in b
        ? `<p style="margin:0 0 16px${b.strong ? ';font-weight:600' : ''}">${escapeHtml(b.text)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(b.link)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(b.label)}</a></p>`,
  );
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;text-align:${align};line-height:1.5">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${htmlBlocks.join('\n')}
<p style="margin:24px 0 0;font-size:12px;color:#71717a">${escapeHtml(footer)}</p>
</div>
</body>
</html>`;
  return {
    to: to.email,
    subject,
    text: `${[greeting, ...textLines].join('\n\n')}\n\n-- \n${footer}\n`,
    html,
    language,
  };
}

/** The reset link's e-mail: the only place the token's plaintext ever exists. */
export function passwordResetMail(
  brand: BrandName,
  to: Recipient,
  link: string,
  validMinutes: number,
): MailMessage {
  const t = TEXTS[toSupportedLanguage(to.language)].passwordReset;
  const values = { brand, minutes: validMinutes };
  return compose(brand, to, t.subject, [
    { text: fill(t.intro, values) },
    { link, label: t.action },
    { text: `${t.linkHelp} ${link}`, htmlOnly: true },
    { text: fill(t.expiry, values) },
    { text: t.ignore },
  ]);
}

/** The notice after a reset: sent to the account, so a reset its owner did not make does not go unseen. */
export function passwordChangedMail(brand: BrandName, to: Recipient): MailMessage {
  const t = TEXTS[toSupportedLanguage(to.language)].passwordChanged;
  const values = { brand };
  return compose(brand, to, t.subject, [{ text: fill(t.body, values) }, { text: t.notYou }]);
}

/** A device in the digest: its MAC, the client's name if it has one, and the expiry in UTC. */
type DigestDevice = { mac: string; name: string | null; expires_at: string };

/**
 * The daily expiry digest: the two lists (the first of each; the counts say how many), a button to the
 * panel's filtered device list, and how to stop these e-mails. Dates in UTC, the run's clock.
 */
export function expiryDigestMail(
  brand: BrandName,
  to: Recipient,
  digest: {
    day: string;
    expiring: DigestDevice[];
    expiring_count: number;
    expired: DigestDevice[];
    expired_count: number;
  },
  link: string,
): MailMessage {
  const language = toSupportedLanguage(to.language);
  const t = TEXTS[language].expiryDigest;
  // Latin digits in Arabic too, as the panel shows MACs and dates beside them.
  const dates = new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const items = (devices: DigestDevice[]) =>
    devices.map((device) =>
      fill(t.item, {
        mac: device.mac,
        name: device.name ? ` (${device.name})` : '',
        date: `${dates.format(new Date(device.expires_at))} UTC`,
      }),
    );
  const section = (heading: string, devices: DigestDevice[], count: number): Block[] =>
    count === 0
      ? []
      : [
          { text: fill(heading, { count }), strong: true },
          { items: items(devices) },
          ...(count > devices.length ? [{ text: fill(t.more, { count: count - devices.length }) }] : []),
        ];
  return compose(brand, to, fill(t.subject, { brand, day: digest.day }), [
    { text: t.intro },
    ...section(t.expiring, digest.expiring, digest.expiring_count),
    ...section(t.expired, digest.expired, digest.expired_count),
    { link, label: t.action },
    { text: t.optOut },
  ]);
}
