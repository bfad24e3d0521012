import { whatsappLink } from '@shared/brand';
import { clsx } from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@web/lib/brand';

/** docs/product.md: on touch, the tooltip hides after two seconds. */
export const CHAT_TOOLTIP_TOUCH_MS = 2000;

/**
 * The chat button, at the bottom of the inline-start edge (left in English and French, right in
 * Arabic). It opens the messaging app with the digits-only number in a new tab, and is left out when
 * the operator has no messaging number (BRAND_WHATSAPP / BRAND_PHONE). Its tooltip shows
 * on hover and keyboard focus; a touch shows it for two seconds.
 *
 * It must never cover the page (docs/product.md §2.1). From lg up it floats and the page's
 * containers keep a gutter for it (`px-chat-clear-*`, styles.css); below lg there is no gutter to
 * spare, so it sits in a bar of its own at the bottom, and the page and the toasts end above it.
 */
export function ChatButton() {
  const chatLink = whatsappLink(useBrand());
  const { t } = useTranslation('common');
  const [tooltipShown, setTooltipShown] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const touchedAt = useRef(0);
  const tooltipId = useId();

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  function show() {
    window.clearTimeout(hideTimer.current);
    setTooltipShown(true);
  }
  function hide() {
    window.clearTimeout(hideTimer.current);
    setTooltipShown(false);
  }
  function showForTouch() {
    touchedAt.current = Date.now();
    show();
    hideTimer.current = window.setTimeout(() => setTooltipShown(false), CHAT_TOOLTIP_TOUCH_MS);
  }
  function showForFocus() {
    // A tap focuses the link right after touchstart: that focus must not cancel the two seconds.
    if (Date.now() - touchedAt.current < 1000) return;
    show();
  }

  // No messaging number configured: no button (and, by styles.css's :has(), no bar either).
  if (!chatLink) return null;
  return (
    <aside
      aria-label={t('chat.region')}
      // Placed by [data-chat-bar] in styles.css: in CSS, not here, to keep the home page's JS small.
      data-chat-bar
    >
      <div className="relative">
        <a
          href={chatLink}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('chat.label')}
          aria-describedby={tooltipId}
          onPointerEnter={(event) => {
            if (event.pointerType !== 'touch') show();
          }}
          onPointerLeave={(event) => {
            if (event.pointerType !== 'touch') hide();
          }}
          onTouchStart={showForTouch}
          onFocus={showForFocus}
          onBlur={hide}
          className="grid size-12 place-items-center rounded-full lg:size-14 bg-emerald-700 text-white shadow-lg shadow-emerald-900/30 outline-none ring-offset-2 ring-offset-background transition-transform hover:scale-105 hover:bg-emerald-800 focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none"
        >
          <MessageCircle aria-hidden="true" className="size-7 rtl:-scale-x-100" />
        </a>
        <span
          role="tooltip"
          id={tooltipId}
          data-state={tooltipShown ? 'open' : 'closed'}
          className={clsx(
            'pointer-events-none absolute start-full top-1/2 ms-3 -translate-y-1/2 whitespace-nowrap rounded-lg bg-foreground px-3 py-2 text-sm font-medium text-background shadow-lg transition-opacity',
            tooltipShown ? 'visible opacity-100' : 'invisible opacity-0',
          )}
        >
          {t('chat.tooltip')}
        </span>
      </div>
    </aside>
  );
}
