import './styles.css';

/**
 * The marketing site's entry (marketing.html). The server already sent the page's full HTML and its
 * stylesheet, so the page is readable as soon as it is painted; the app that hydrates it is fetched
 * once that first paint has happened, so its download never competes with the stylesheet for a slow
 * connection's bandwidth (docs/decisions/0006).
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./marketing-main');
}

const paintObserved = (() => {
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        start();
      }
    });
    observer.observe({ type: 'paint', buffered: true });
    return true;
  } catch {
    return false;
  }
})();

// Without paint timing, or in a tab that is not painted (hidden), start once the page has loaded.
function startOnLoad(): void {
  if (!paintObserved || document.visibilityState === 'hidden') start();
  else setTimeout(start, 3000);
}
if (document.readyState === 'complete') startOnLoad();
else window.addEventListener('load', startOnLoad, { once: true });
